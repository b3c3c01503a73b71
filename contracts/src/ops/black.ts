import {
  ZBlackAddRequest,
  ZBlackAddResponse,
  ZBlackDeleteRequest,
  ZBlackListRequest,
  ZBlackListResponse,
} from '../black.js';
import { ZEmpty } from '../common.js';
import { op } from '../op.js';

const tags = ['banned'];

export const blackOps = {
  list: op({
    method: 'GET',
    path: '/api/admin/settings/black.list',
    access: { menu: '/wswt/setting/banned' },
    summary: 'Banned IP addresses, emails and @domains, newest first',
    tags,
    input: ZBlackListRequest,
    output: ZBlackListResponse,
  }),
  add: op({
    method: 'POST',
    path: '/api/admin/settings/black.add',
    access: { btn: 'black.add' },
    summary: 'Ban an IP address (v4 or v6), an email address or an @domain',
    tags,
    input: ZBlackAddRequest,
    output: ZBlackAddResponse,
    message: 'saved',
  }),
  delete: op({
    method: 'POST',
    path: '/api/admin/settings/black.delete',
    access: { btn: 'black.delete' },
    summary: 'Lift bans',
    tags,
    input: ZBlackDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
  }),
};
