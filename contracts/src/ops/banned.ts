import {
  ZBannedAddRequest,
  ZBannedAddResponse,
  ZBannedDeleteRequest,
  ZBannedListRequest,
  ZBannedListResponse,
} from '../banned.js';
import { ZEmpty } from '../common.js';
import { op } from '../op.js';

const tags = ['banned'];

export const bannedOps = {
  list: op({
    method: 'GET',
    path: '/api/admin/settings/black.list',
    access: { menu: '/wswt/setting/banned' },
    summary: 'Banned IP addresses, emails and @domains, newest first',
    tags,
    input: ZBannedListRequest,
    output: ZBannedListResponse,
  }),
  add: op({
    method: 'POST',
    path: '/api/admin/settings/black.add',
    access: { btn: 'black.add' },
    summary: 'Ban an IP address (v4 or v6), an email address or an @domain',
    tags,
    input: ZBannedAddRequest,
    output: ZBannedAddResponse,
    message: 'saved',
  }),
  delete: op({
    method: 'POST',
    path: '/api/admin/settings/black.delete',
    access: { btn: 'black.delete' },
    summary: 'Lift bans',
    tags,
    input: ZBannedDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
  }),
};
