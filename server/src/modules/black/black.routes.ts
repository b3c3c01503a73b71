import {
  ZBlackAddRequest,
  ZBlackAddResponse,
  ZBlackDeleteRequest,
  ZBlackListRequest,
  ZBlackListResponse,
  ZEmpty,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { blackAdd, blackDelete, blackList } from './black.service.js';

export function blackRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['banned'];
  const base = '/api/admin/settings';
  defineGet(app, `${base}/black.list`, {
    access: access.menu('/wswt/setting/banned'),
    summary: 'Banned IP addresses, emails and @domains, newest first',
    tags,
    input: ZBlackListRequest,
    output: ZBlackListResponse,
    handler: ({ input }) => blackList(ctx.db, input),
  });

  definePost(app, `${base}/black.add`, {
    access: access.btn('black.add'),
    summary: 'Ban an IP address (v4 or v6), an email address or an @domain',
    tags,
    input: ZBlackAddRequest,
    output: ZBlackAddResponse,
    message: 'saved',
    handler: ({ actor, input }) => blackAdd({ ...ctx, actor }, input),
  });

  definePost(app, `${base}/black.delete`, {
    access: access.btn('black.delete'),
    summary: 'Lift bans',
    tags,
    input: ZBlackDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
    handler: async ({ input }) => {
      await blackDelete(ctx.db, input.black_ids);
      return null;
    },
  });
}
