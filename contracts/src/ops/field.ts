import { ZEmpty } from '../common.js';
import { op } from '../op.js';
import {
  ZFieldAddRequest,
  ZFieldAddResponse,
  ZFieldAllListRequest,
  ZFieldAllListResponse,
  ZFieldEditRequest,
  ZFieldGetRequest,
  ZFieldPositionEditRequest,
  ZTicketField,
} from '../ticket-field.js';

const tags = ['ticket fields'];

export const fieldOps = {
  allList: op({
    method: 'GET',
    path: '/api/admin/settings/field.all.list',
    access: { staff: true },
    summary: 'Every custom ticket field in its order (optionally only active or inactive ones)',
    tags,
    input: ZFieldAllListRequest,
    output: ZFieldAllListResponse,
  }),
  get: op({
    method: 'GET',
    path: '/api/admin/settings/field.get',
    access: { menu: ['/wswt/setting/field', '/wswt/setting/field/edit'] },
    summary: 'One ticket field',
    tags,
    input: ZFieldGetRequest,
    output: ZTicketField,
  }),
  add: op({
    method: 'POST',
    path: '/api/admin/settings/field.add',
    access: { btn: 'field.add' },
    summary: 'Add a ticket field (options for drop-downs, a pattern for regex text, a default that is a value)',
    tags,
    input: ZFieldAddRequest,
    output: ZFieldAddResponse,
    message: 'saved',
  }),
  edit: op({
    method: 'POST',
    path: '/api/admin/settings/field.edit',
    access: { btn: 'field.edit' },
    summary: 'Edit a ticket field, or make it active or inactive; its type stays',
    tags,
    input: ZFieldEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  positionEdit: op({
    method: 'POST',
    path: '/api/admin/settings/field.position.edit',
    access: { btn: 'field.edit' },
    summary: 'Order the ticket fields (ids first to last)',
    tags,
    input: ZFieldPositionEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
};
