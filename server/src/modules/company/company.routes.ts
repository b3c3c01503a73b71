import {
  ZCompanyAddRequest,
  ZCompanyAddResponse,
  ZCompanyDeleteRequest,
  ZCompanyEditRequest,
  ZCompanyGetRequest,
  ZCompanyGetResponse,
  ZCompanyListRequest,
  ZCompanyListResponse,
  ZEmpty,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { companyAdd, companyDelete, companyEdit, companyGet, companyList } from './company.service.js';

/** Screens that list organizations: their own, and the people and ticket screens' pickers. */
const listReaders = access.menu(
  '/wswt/setting/company',
  '/wswt/company/:company_id',
  '/wswt/setting/people',
  '/wswt/account/:account_id',
  '/wswt/ticket/edit/:ticket_id/account/:account_id',
  '/wswt/ticket/add',
  '/wswt/search',
);
const getReaders = access.menu(
  '/wswt/setting/company/edit',
  '/wswt/company/:company_id',
  '/wswt/account/:account_id',
  '/wswt/ticket/edit/:ticket_id/account/:account_id',
);

export function companyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['organizations'];
  defineGet(app, '/api/admin/settings/company.list', {
    access: listReaders,
    summary: 'Organizations, newest first; kw matches part of the name or one whole domain',
    tags,
    input: ZCompanyListRequest,
    output: ZCompanyListResponse,
    handler: ({ input }) => companyList(ctx.db, input),
  });

  defineGet(app, '/api/admin/settings/company.get', {
    access: getReaders,
    summary: 'One organization',
    tags,
    input: ZCompanyGetRequest,
    output: ZCompanyGetResponse,
    handler: ({ input }) => companyGet(ctx.db, input.company_id),
  });

  definePost(app, '/api/admin/settings/company.add', {
    access: access.btn('company.add'),
    summary: 'Add an organization; a domain belongs to at most one',
    tags,
    input: ZCompanyAddRequest,
    output: ZCompanyAddResponse,
    message: 'saved',
    handler: ({ input }) => companyAdd(ctx, input),
  });

  definePost(app, '/api/admin/settings/company.edit', {
    access: access.btn('company.edit'),
    summary: 'Edit an organization',
    tags,
    input: ZCompanyEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await companyEdit(ctx, input);
      return null;
    },
  });

  definePost(app, '/api/admin/settings/company.delete', {
    access: access.btn('company.delete'),
    summary: 'Delete an organization; its members stay, without one',
    tags,
    input: ZCompanyDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
    handler: async ({ input }) => {
      await companyDelete(ctx, input.company_id);
      return null;
    },
  });
}
