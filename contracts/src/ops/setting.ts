import { ZEmpty } from '../common.js';
import { ZBrandingResponse } from '../home.js';
import { noInput, op } from '../op.js';
import {
  ZBrandingEditRequest,
  ZCommonEditRequest,
  ZCommonListRequest,
  ZCommonListResponse,
  ZEmailEditRequest,
  ZEmailGetResponse,
  ZTicketSettingEditRequest,
  ZTicketSettingGetResponse,
} from '../setting.js';

const base = '/api/admin/settings';
const tags = ['settings'];

/** Settings: common settings, the email channel, the favicon, ticket settings. */
export const settingOps = {
  // Common settings feed several screens (widget, localization, details) and hold nothing secret:
  // the modules with their own calls are not reachable here.
  commonList: op({
    method: 'GET',
    path: `${base}/common.list`,
    access: { staff: true },
    summary: 'Settings of one module',
    tags,
    input: ZCommonListRequest,
    output: ZCommonListResponse,
  }),
  commonEdit: op({
    method: 'POST',
    path: `${base}/common.edit`,
    access: { btn: 'common.edit' },
    summary: 'Set one setting (any JSON value, at most 64 KB)',
    tags,
    input: ZCommonEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  emailGet: op({
    method: 'GET',
    path: `${base}/email.get`,
    access: { menu: '/wswt/setting/email' },
    summary: 'Email channel settings; the password is never returned (has_password tells)',
    tags,
    input: noInput,
    output: ZEmailGetResponse,
  }),
  emailEdit: op({
    method: 'POST',
    path: `${base}/email.edit`,
    access: { btn: 'email.edit' },
    summary: 'Save the email channel settings; an empty password keeps the stored one',
    tags,
    input: ZEmailEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  brandingEdit: op({
    method: 'POST',
    path: `${base}/appearance.branding.edit`,
    access: { btn: 'appearance.branding.edit' },
    summary: 'Set the favicon (a path from upload.favicon, or empty for the default)',
    tags,
    input: ZBrandingEditRequest,
    output: ZBrandingResponse,
    message: 'saved',
  }),
  /** Ticket settings shape the ticket screens too (attachments, tags, CCs), so those read them. */
  ticketGet: op({
    method: 'GET',
    path: `${base}/ticket.get`,
    access: { menu: ['/wswt/setting/ticket', '/wswt', '/wswt/ticket/add', '/wswt/ticket/edit/:ticket_id'] },
    summary: 'Ticket settings',
    tags,
    input: noInput,
    output: ZTicketSettingGetResponse,
  }),
  ticketEdit: op({
    method: 'POST',
    path: `${base}/ticket.edit`,
    access: { btn: 'settings.ticket.edit' },
    summary: 'Change ticket settings; fields left out keep their value',
    tags,
    input: ZTicketSettingEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
};
