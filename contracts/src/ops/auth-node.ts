import { ZAuthCheckRequest, ZAuthCheckResponse, ZHasNodeListRequest, ZHasNodeListResponse } from '../auth.js';
import {
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
} from '../auth-node.js';
import { ZEmpty } from '../common.js';
import { op, type TOpAccess } from '../op.js';

const tags = ['permissions'];
/** Screens that pick nodes or packages (the role editor picks packages). */
const nodeReaders: TOpAccess = { menu: ['/wswt/setting/auth/node', '/wswt/setting/auth/pkg'] };

const pkgReaders: TOpAccess = { menu: ['/wswt/setting/auth/pkg', '/wswt/setting/role/add', '/wswt/setting/role/edit'] };

export const authNodeOps = {
  check: op({
    method: 'POST',
    path: '/api/admin/auth.check',
    access: { session: true },
    summary: 'Does the caller hold this node? (admins always do)',
    tags,
    input: ZAuthCheckRequest,
    output: ZAuthCheckResponse,
  }),
  hasNodeList: op({
    method: 'POST',
    path: '/api/admin/auth.has.node.list',
    access: { session: true },
    summary: "The caller's nodes of the given types",
    tags,
    input: ZHasNodeListRequest,
    output: ZHasNodeListResponse,
  }),
  nodeList: op({
    method: 'GET',
    path: '/api/admin/auth.node.list',
    access: nodeReaders,
    summary: 'Auth nodes (menu and button)',
    tags,
    input: ZNodeListRequest,
    output: ZNodeListResponse,
  }),
  nodeAdd: op({
    method: 'POST',
    path: '/api/admin/auth.node.add',
    access: { btn: 'auth.node.add' },
    summary: 'Add an auth node',
    tags,
    input: ZNodeAddRequest,
    output: ZNodeAddResponse,
    message: 'saved',
  }),
  pkgList: op({
    method: 'GET',
    path: '/api/admin/auth.pkg.list',
    access: pkgReaders,
    summary: 'Auth packages with their node ids',
    tags,
    input: ZPkgListRequest,
    output: ZPkgListResponse,
  }),
  pkgAdd: op({
    method: 'POST',
    path: '/api/admin/auth.pkg.add',
    access: { btn: 'auth.pkg.add' },
    summary: 'Add an auth package',
    tags,
    input: ZPkgAddRequest,
    output: ZPkgAddResponse,
    message: 'saved',
  }),
  pkgEdit: op({
    method: 'POST',
    path: '/api/admin/auth.pkg.edit',
    access: { btn: 'auth.pkg.edit' },
    summary: 'Edit an auth package (title and nodes)',
    tags,
    input: ZPkgEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  pkgDelete: op({
    method: 'POST',
    path: '/api/admin/auth.pkg.delete',
    access: { btn: 'auth.pkg.delete' },
    summary: 'Delete an auth package (refused while a role holds it)',
    tags,
    input: ZPkgDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
  }),
};
