import { ZEmpty } from '../common.js';
import { noInput, op } from '../op.js';
import {
  ZViewAddRequest,
  ZViewAddResponse,
  ZViewAllListResponse,
  ZViewDeleteRequest,
  ZViewEditRequest,
  ZViewGetRequest,
  ZViewGetResponse,
  ZViewSortRequest,
} from '../ticket-view.js';

const tags = ['views'];

export const viewOps = {
  allList: op({
    method: 'GET',
    path: '/api/admin/settings/view.all.list',
    access: { menu: '/wswt/setting/view' },
    summary: "Every shared view and the caller's own, in order, active or not",
    tags,
    input: noInput,
    output: ZViewAllListResponse,
  }),
  get: op({
    method: 'GET',
    path: '/api/admin/settings/view.get',
    access: { menu: '/wswt/setting/view/edit' },
    summary: "One view (someone else's personal view answers 0404)",
    tags,
    input: ZViewGetRequest,
    output: ZViewGetResponse,
  }),
  add: op({
    method: 'POST',
    path: '/api/admin/settings/view.add',
    access: { btn: 'view.add' },
    summary: 'Add a view (at most 10 columns); it goes last',
    tags,
    input: ZViewAddRequest,
    output: ZViewAddResponse,
    message: 'saved',
  }),
  edit: op({
    method: 'POST',
    path: '/api/admin/settings/view.edit',
    access: { btn: 'view.edit' },
    summary: 'Edit a view, the seeded ones included',
    tags,
    input: ZViewEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  sort: op({
    method: 'POST',
    path: '/api/admin/settings/view.sort',
    access: { btn: 'view.edit' },
    summary: 'Put views in the order they were dragged into',
    tags,
    input: ZViewSortRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  delete: op({
    method: 'POST',
    path: '/api/admin/settings/view.delete',
    access: { btn: 'view.delete' },
    summary: 'Delete views',
    tags,
    input: ZViewDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
  }),
};
