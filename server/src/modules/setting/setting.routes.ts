import {
  ZBrandingEditRequest,
  ZBrandingResponse,
  ZCommonEditRequest,
  ZCommonListRequest,
  ZCommonListResponse,
  ZEmailEditRequest,
  ZEmailGetResponse,
  ZEmpty,
  ZTicketSettingEditRequest,
  ZTicketSettingGetResponse,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import {
  brandingEdit,
  commonEdit,
  commonList,
  emailEdit,
  emailGet,
  getTicketSettings,
  ticketSettingEdit,
} from './setting.service.js';

/** Ticket settings shape the ticket screens too (attachments, tags, CCs), so those read them. */
const ticketSettingReaders = access.menu(
  '/wswt/setting/ticket',
  '/wswt',
  '/wswt/ticket/add',
  '/wswt/ticket/edit/:ticket_id',
);

export function settingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['settings'];
  const base = '/api/admin/settings';

  // Common settings feed several screens (widget, localization, details) and hold nothing secret:
  // the modules with their own calls are not reachable here.
  defineGet(app, `${base}/common.list`, {
    access: access.staff,
    summary: 'Settings of one module',
    tags,
    input: ZCommonListRequest,
    output: ZCommonListResponse,
    handler: ({ input }) => commonList(ctx.db, input.setting_module),
  });

  definePost(app, `${base}/common.edit`, {
    access: access.btn('common.edit'),
    summary: 'Set one setting (any JSON value, at most 64 KB)',
    tags,
    input: ZCommonEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await commonEdit(ctx.db, input);
      return null;
    },
  });

  defineGet(app, `${base}/email.get`, {
    access: access.menu('/wswt/setting/email'),
    summary: 'Email channel settings; the password is never returned (has_password tells)',
    tags,
    output: ZEmailGetResponse,
    handler: () => emailGet(ctx.db),
  });

  definePost(app, `${base}/email.edit`, {
    access: access.btn('email.edit'),
    summary: 'Save the email channel settings; an empty password keeps the stored one',
    tags,
    input: ZEmailEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await emailEdit(ctx, input);
      return null;
    },
  });

  definePost(app, `${base}/appearance.branding.edit`, {
    access: access.btn('appearance.branding.edit'),
    summary: 'Set the favicon (a path from upload.favicon, or empty for the default)',
    tags,
    input: ZBrandingEditRequest,
    output: ZBrandingResponse,
    message: 'saved',
    handler: ({ input }) => brandingEdit(ctx, input.favicon),
  });

  defineGet(app, `${base}/ticket.get`, {
    access: ticketSettingReaders,
    summary: 'Ticket settings',
    tags,
    output: ZTicketSettingGetResponse,
    handler: () => getTicketSettings(ctx.db),
  });

  definePost(app, `${base}/ticket.edit`, {
    access: access.btn('settings.ticket.edit'),
    summary: 'Change ticket settings; fields left out keep their value',
    tags,
    input: ZTicketSettingEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await ticketSettingEdit(ctx, input);
      return null;
    },
  });
}
