import {
  ZAuthCheckRequest,
  ZAuthCheckResponse,
  ZEmpty,
  ZHasNodeListRequest,
  ZHasNodeListResponse,
  ZNodeAddRequest,
  ZNodeAddResponse,
  ZNodeListRequest,
  ZNodeListResponse,
  ZPkgAddRequest,
  ZPkgAddResponse,
  ZPkgDeleteRequest,
  ZPkgEditRequest,
  ZPkgListRequest,
  ZPkgListResponse,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import {
  addNode,
  addPkg,
  checkAuth,
  deletePkg,
  editPkg,
  hasNodeList,
  listNodes,
  listPkgs,
} from './auth-node.service.js';

/** Screens that pick nodes or packages (the role editor picks packages). */
const nodeReaders = access.menu('/wswt/setting/auth/node', '/wswt/setting/auth/pkg');
const pkgReaders = access.menu('/wswt/setting/auth/pkg', '/wswt/setting/role/add', '/wswt/setting/role/edit');

export function authNodeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const tags = ['permissions'];
  definePost(app, '/api/admin/auth.check', {
    access: access.session,
    summary: 'Does the caller hold this node? (admins always do)',
    tags,
    input: ZAuthCheckRequest,
    output: ZAuthCheckResponse,
    handler: async ({ actor, input }) => ({
      has_auth: await checkAuth(ctx, actor, { node_type: input.node_type, node_value: input.node_value }),
    }),
  });

  definePost(app, '/api/admin/auth.has.node.list', {
    access: access.session,
    summary: "The caller's nodes of the given types",
    tags,
    input: ZHasNodeListRequest,
    output: ZHasNodeListResponse,
    handler: async ({ actor, input }) => ({ list: await hasNodeList(ctx, actor, input.node_types) }),
  });

  defineGet(app, '/api/admin/auth.node.list', {
    access: nodeReaders,
    summary: 'Auth nodes (menu and button)',
    tags,
    input: ZNodeListRequest,
    output: ZNodeListResponse,
    handler: ({ input }) => listNodes(db, input),
  });

  definePost(app, '/api/admin/auth.node.add', {
    access: access.btn('auth.node.add'),
    summary: 'Add an auth node',
    tags,
    input: ZNodeAddRequest,
    output: ZNodeAddResponse,
    message: 'saved',
    handler: ({ input }) => addNode(db, input),
  });

  defineGet(app, '/api/admin/auth.pkg.list', {
    access: pkgReaders,
    summary: 'Auth packages with their node ids',
    tags,
    input: ZPkgListRequest,
    output: ZPkgListResponse,
    handler: ({ input }) => listPkgs(db, input),
  });

  definePost(app, '/api/admin/auth.pkg.add', {
    access: access.btn('auth.pkg.add'),
    summary: 'Add an auth package',
    tags,
    input: ZPkgAddRequest,
    output: ZPkgAddResponse,
    message: 'saved',
    handler: ({ input }) => addPkg(db, input),
  });

  definePost(app, '/api/admin/auth.pkg.edit', {
    access: access.btn('auth.pkg.edit'),
    summary: 'Edit an auth package (title and nodes)',
    tags,
    input: ZPkgEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ actor, input }) => {
      await editPkg({ ...ctx, actor }, input);
      return null;
    },
  });

  definePost(app, '/api/admin/auth.pkg.delete', {
    access: access.btn('auth.pkg.delete'),
    summary: 'Delete an auth package; roles lose what it granted',
    tags,
    input: ZPkgDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
    handler: async ({ input }) => {
      await deletePkg(ctx, input.pkg_id);
      return null;
    },
  });
}
