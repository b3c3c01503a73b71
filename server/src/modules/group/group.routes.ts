import {
  ZEmpty,
  ZGroupAddRequest,
  ZGroupAddResponse,
  ZGroupEditRequest,
  ZGroupGetRequest,
  ZGroupGetResponse,
  ZGroupListRequest,
  ZGroupListResponse,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { groupAdd, groupEdit, groupGet, groupList } from './group.service.js';

/** The people screen lists groups; account, ticket, chat and chat-trigger screens pick one. */
const listReaders = access.menu(
  '/wswt/setting/people',
  '/wswt/setting/group/edit',
  '/wswt/account/:account_id',
  '/wswt/ticket/add',
  '/wswt/ticket/edit/:ticket_id',
  '/wswt/search',
  '/wswt/chat',
  '/wswt/setting/chat_trigger',
);
const getReaders = access.menu('/wswt/setting/group/edit', '/wswt/setting/people');

export function groupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['groups'];
  defineGet(app, '/api/admin/auth.group.list', {
    access: listReaders,
    summary: 'Agent groups (the default first) with their members',
    tags,
    input: ZGroupListRequest,
    output: ZGroupListResponse,
    handler: ({ input }) => groupList(ctx.db, input),
  });

  defineGet(app, '/api/admin/auth.group.get', {
    access: getReaders,
    summary: 'One group',
    tags,
    input: ZGroupGetRequest,
    output: ZGroupGetResponse,
    handler: ({ input }) => groupGet(ctx.db, input.group_id),
  });

  definePost(app, '/api/admin/auth.group.add', {
    access: access.btn('auth.group.add'),
    summary: 'Add a group; members must be agents or admins',
    tags,
    input: ZGroupAddRequest,
    output: ZGroupAddResponse,
    message: 'saved',
    handler: ({ actor, input }) => groupAdd({ ...ctx, actor }, input),
  });

  definePost(app, '/api/admin/auth.group.edit', {
    access: access.btn('auth.group.edit'),
    summary: 'Edit a group; making it the default unmarks the old default',
    tags,
    input: ZGroupEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ actor, input }) => {
      await groupEdit({ ...ctx, actor }, input);
      return null;
    },
  });
}
