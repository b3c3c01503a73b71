import { ZEmpty } from '../common.js';
import {
  ZCompanyAddRequest,
  ZCompanyAddResponse,
  ZCompanyDeleteRequest,
  ZCompanyEditRequest,
  ZCompanyGetRequest,
  ZCompanyGetResponse,
  ZCompanyListRequest,
  ZCompanyListResponse,
} from '../company.js';
import { op } from '../op.js';

const base = '/api/admin/settings';
const tags = ['organizations'];

/** Organizations: their own screens, and the people and ticket screens' pickers. */
export const companyOps = {
  list: op({
    method: 'GET',
    path: `${base}/company.list`,
    // Screens that list organizations: their own, and the people and ticket screens' pickers.
    access: {
      menu: [
        '/wswt/setting/company',
        '/wswt/company/:company_id',
        '/wswt/setting/people',
        '/wswt/account/:account_id',
        '/wswt/ticket/edit/:ticket_id/account/:account_id',
        '/wswt/ticket/add',
        '/wswt/search',
      ],
    },
    summary: 'Organizations, newest first; kw matches part of the name or one whole domain',
    tags,
    input: ZCompanyListRequest,
    output: ZCompanyListResponse,
  }),
  get: op({
    method: 'GET',
    path: `${base}/company.get`,
    access: {
      menu: [
        '/wswt/setting/company/edit',
        '/wswt/company/:company_id',
        '/wswt/account/:account_id',
        '/wswt/ticket/edit/:ticket_id/account/:account_id',
      ],
    },
    summary: 'One organization',
    tags,
    input: ZCompanyGetRequest,
    output: ZCompanyGetResponse,
  }),
  add: op({
    method: 'POST',
    path: `${base}/company.add`,
    access: { btn: 'company.add' },
    summary: 'Add an organization; a domain belongs to at most one',
    tags,
    input: ZCompanyAddRequest,
    output: ZCompanyAddResponse,
    message: 'saved',
  }),
  edit: op({
    method: 'POST',
    path: `${base}/company.edit`,
    access: { btn: 'company.edit' },
    summary: 'Edit an organization',
    tags,
    input: ZCompanyEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  delete: op({
    method: 'POST',
    path: `${base}/company.delete`,
    access: { btn: 'company.delete' },
    summary: 'Delete an organization; its members stay, without one',
    tags,
    input: ZCompanyDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
  }),
};
