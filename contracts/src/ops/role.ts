import { ZEmpty } from '../common.js';
import { op, type TOpAccess } from '../op.js';
import {
  ZRoleAddRequest,
  ZRoleAddResponse,
  ZRoleEditRequest,
  ZRoleGetRequest,
  ZRoleGetResponse,
  ZRoleListRequest,
  ZRoleListResponse,
  ZRoleStateEditRequest,
} from '../role.js';

const tags = ['roles'];
/** The roles screen, and the people and account screens' role pickers. */
const listReaders: TOpAccess = { menu: ['/wswt/setting/role', '/wswt/setting/people', '/wswt/account/:account_id'] };

const getReaders: TOpAccess = { menu: ['/wswt/setting/role/edit', '/wswt/setting/role'] };

export const roleOps = {
  list: op({
    method: 'GET',
    path: '/api/admin/auth.role.list',
    access: listReaders,
    summary: 'Roles of one state (active by default); members only with need_account',
    tags,
    input: ZRoleListRequest,
    output: ZRoleListResponse,
  }),
  get: op({
    method: 'GET',
    path: '/api/admin/auth.role.get',
    access: getReaders,
    summary: 'One role with its packages and members',
    tags,
    input: ZRoleGetRequest,
    output: ZRoleGetResponse,
  }),
  add: op({
    method: 'POST',
    path: '/api/admin/auth.role.add',
    access: { btn: 'auth.role.add' },
    summary: 'Add a role from permission packages',
    tags,
    input: ZRoleAddRequest,
    output: ZRoleAddResponse,
    message: 'saved',
  }),
  edit: op({
    method: 'POST',
    path: '/api/admin/auth.role.edit',
    access: { btn: 'auth.role.edit' },
    summary: 'Edit a role; members feel the change at their next call',
    tags,
    input: ZRoleEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  stateEdit: op({
    method: 'POST',
    path: '/api/admin/auth.role.state.edit',
    access: { btn: 'auth.role.state.edit' },
    summary: 'Activate or deactivate a role (an inactive role grants nothing)',
    tags,
    input: ZRoleStateEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
};
