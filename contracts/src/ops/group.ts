import { ZEmpty } from '../common.js';
import {
  ZGroupAddRequest,
  ZGroupAddResponse,
  ZGroupEditRequest,
  ZGroupGetRequest,
  ZGroupGetResponse,
  ZGroupListRequest,
  ZGroupListResponse,
} from '../group.js';
import { op, type TOpAccess } from '../op.js';

const tags = ['groups'];
/** The people screen lists groups; account, ticket, chat and chat-trigger screens pick one. */
const listReaders: TOpAccess = {
  menu: [
    '/wswt/setting/people',
    '/wswt/setting/group/edit',
    '/wswt/account/:account_id',
    '/wswt/ticket/add',
    '/wswt/ticket/edit/:ticket_id',
    '/wswt/search',
    '/wswt/chat',
    '/wswt/setting/chat_trigger',
  ],
};

const getReaders: TOpAccess = { menu: ['/wswt/setting/group/edit', '/wswt/setting/people'] };

export const groupOps = {
  list: op({
    method: 'GET',
    path: '/api/admin/auth.group.list',
    access: listReaders,
    summary: 'Agent groups (the default first) with their members',
    tags,
    input: ZGroupListRequest,
    output: ZGroupListResponse,
  }),
  get: op({
    method: 'GET',
    path: '/api/admin/auth.group.get',
    access: getReaders,
    summary: 'One group',
    tags,
    input: ZGroupGetRequest,
    output: ZGroupGetResponse,
  }),
  add: op({
    method: 'POST',
    path: '/api/admin/auth.group.add',
    access: { btn: 'auth.group.add' },
    summary: 'Add a group; members must be agents or admins',
    tags,
    input: ZGroupAddRequest,
    output: ZGroupAddResponse,
    message: 'saved',
  }),
  edit: op({
    method: 'POST',
    path: '/api/admin/auth.group.edit',
    access: { btn: 'auth.group.edit' },
    summary: 'Edit a group; making it the default unmarks the old default',
    tags,
    input: ZGroupEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
};
