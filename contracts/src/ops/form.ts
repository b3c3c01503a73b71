import { ZEmpty } from '../common.js';
import { noInput, op } from '../op.js';
import {
  ZFormAddRequest,
  ZFormAddResponse,
  ZFormAllListResponse,
  ZFormEditRequest,
  ZFormGetRequest,
  ZFormPositionEditRequest,
  ZTicketForm,
} from '../ticket-form.js';

const tags = ['ticket forms'];

export const formOps = {
  allList: op({
    method: 'GET',
    path: '/api/admin/settings/form.all.list',
    access: { staff: true },
    summary: 'Every ticket form, the default first',
    tags,
    input: noInput,
    output: ZFormAllListResponse,
  }),
  get: op({
    method: 'GET',
    path: '/api/admin/settings/form.get',
    access: { menu: ['/wswt/setting/form', '/wswt/setting/form/edit'] },
    summary: 'One ticket form',
    tags,
    input: ZFormGetRequest,
    output: ZTicketForm,
  }),
  add: op({
    method: 'POST',
    path: '/api/admin/settings/form.add',
    access: { btn: 'form.add' },
    summary: 'Add a ticket form: ordered fields, conditions; the first form becomes the default',
    tags,
    input: ZFormAddRequest,
    output: ZFormAddResponse,
    message: 'saved',
  }),
  edit: op({
    method: 'POST',
    path: '/api/admin/settings/form.edit',
    access: { btn: 'form.edit' },
    summary: 'Edit a ticket form; making it the default unsets the former default',
    tags,
    input: ZFormEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  positionEdit: op({
    method: 'POST',
    path: '/api/admin/settings/form.position.edit',
    access: { btn: 'form.edit' },
    summary: 'Order the ticket forms (ids first to last)',
    tags,
    input: ZFormPositionEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
};
