import {
  ZEmpty,
  ZRoleAddRequest,
  ZRoleAddResponse,
  ZRoleEditRequest,
  ZRoleGetRequest,
  ZRoleGetResponse,
  ZRoleListRequest,
  ZRoleListResponse,
  ZRoleStateEditRequest,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { roleAdd, roleEdit, roleGet, roleList, roleStateEdit } from './role.service.js';

/** The roles screen, and the people and account screens' role pickers. */
const listReaders = access.menu('/wswt/setting/role', '/wswt/setting/people', '/wswt/account/:account_id');
const getReaders = access.menu('/wswt/setting/role/edit', '/wswt/setting/role');

export function roleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['roles'];
  defineGet(app, '/api/admin/auth.role.list', {
    access: listReaders,
    summary: 'Roles of one state (active by default); members only with need_account',
    tags,
    input: ZRoleListRequest,
    output: ZRoleListResponse,
    handler: ({ input }) => roleList(ctx.db, input),
  });

  defineGet(app, '/api/admin/auth.role.get', {
    access: getReaders,
    summary: 'One role with its packages and members',
    tags,
    input: ZRoleGetRequest,
    output: ZRoleGetResponse,
    handler: ({ input }) => roleGet(ctx.db, input.role_id),
  });

  definePost(app, '/api/admin/auth.role.add', {
    access: access.btn('auth.role.add'),
    summary: 'Add a role from permission packages',
    tags,
    input: ZRoleAddRequest,
    output: ZRoleAddResponse,
    message: 'saved',
    handler: ({ actor, input }) => roleAdd({ ...ctx, actor }, input),
  });

  definePost(app, '/api/admin/auth.role.edit', {
    access: access.btn('auth.role.edit'),
    summary: 'Edit a role; members feel the change at their next call',
    tags,
    input: ZRoleEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ actor, input }) => {
      await roleEdit({ ...ctx, actor }, input);
      return null;
    },
  });

  definePost(app, '/api/admin/auth.role.state.edit', {
    access: access.btn('auth.role.state.edit'),
    summary: 'Activate or deactivate a role (an inactive role grants nothing)',
    tags,
    input: ZRoleStateEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ actor, input }) => {
      await roleStateEdit({ ...ctx, actor }, input);
      return null;
    },
  });
}
