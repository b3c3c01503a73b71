import { ZEmpty } from '../common.js';
import { op } from '../op.js';
import {
  ZTagAddRequest,
  ZTagChangeResponse,
  ZTagDeleteRequest,
  ZTagEditRequest,
  ZTagGetRequest,
  ZTagGetResponse,
  ZTagListRequest,
  ZTagListResponse,
  ZTagMergeRequest,
} from '../tag.js';

const base = '/api/admin/settings';
const tags = ['tags'];

/** Settings › Tags (`/wswt/setting/tag`): usage counts, add, rename, merge, delete. */
export const tagOps = {
  list: op({
    method: 'GET',
    path: `${base}/tag.list`,
    access: { menu: '/wswt/setting/tag' },
    summary: 'Tags by name, each with the number of tickets carrying it',
    tags,
    input: ZTagListRequest,
    output: ZTagListResponse,
  }),
  get: op({
    method: 'GET',
    path: `${base}/tag.get`,
    access: { menu: '/wswt/setting/tag/edit' },
    summary: 'One tag with its number of tickets',
    tags,
    input: ZTagGetRequest,
    output: ZTagGetResponse,
  }),
  add: op({
    method: 'POST',
    path: `${base}/tag.add`,
    access: { btn: 'tag.add' },
    summary: 'Add a tag agents are offered before any ticket carries it',
    tags,
    input: ZTagAddRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  edit: op({
    method: 'POST',
    path: `${base}/tag.edit`,
    access: { btn: 'tag.edit' },
    summary: 'Rename a tag: every ticket carrying it follows, in one transaction',
    tags,
    input: ZTagEditRequest,
    output: ZTagChangeResponse,
    message: 'saved',
  }),
  merge: op({
    method: 'POST',
    path: `${base}/tag.merge`,
    access: { btn: 'tag.edit' },
    summary: 'Merge tags into another: their tickets carry that one instead',
    tags,
    input: ZTagMergeRequest,
    output: ZTagChangeResponse,
    message: 'saved',
  }),
  delete: op({
    method: 'POST',
    path: `${base}/tag.delete`,
    access: { btn: 'tag.delete' },
    summary: 'Delete tags: they are taken off every ticket',
    tags,
    input: ZTagDeleteRequest,
    output: ZTagChangeResponse,
    message: 'deleted',
  }),
};
