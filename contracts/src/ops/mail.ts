import { ZEmpty } from '../common.js';
import {
  ZEmailCheckRequest,
  ZEmailCheckResponse,
  ZEmailTemplate,
  ZEmailTemplateListResponse,
  ZFailedJobListResponse,
  ZInboxLogResponse,
  ZInboxRawRequest,
  ZInboxRetryResponse,
  ZJobRetryRequest,
  ZSupportAddressAddRequest,
  ZSupportAddressAddResponse,
  ZSupportAddressDeleteRequest,
  ZSupportAddressEditRequest,
  ZSupportAddressListResponse,
} from '../email.js';
import { noInput, op } from '../op.js';

const base = '/api/admin/settings';
const tags = ['email'];
const read = { menu: '/wswt/setting/email' } as const;
const write = { btn: 'email.edit' } as const;

/**
 * Settings › Email beyond its settings (`settingOps.emailGet/emailEdit`): checks, failed jobs,
 * the inbox log, support addresses, templates. The raw-mail and attachment downloads are files,
 * not operations.
 */
export const mailOps = {
  testSend: op({
    method: 'POST',
    path: `${base}/email.test_send`,
    access: write,
    summary: 'Send a test mail with these settings (not saved); says what failed: connection, TLS, login or send',
    tags,
    input: ZEmailCheckRequest,
    output: ZEmailCheckResponse,
  }),
  testMailbox: op({
    method: 'POST',
    path: `${base}/email.test_mailbox`,
    access: write,
    summary:
      'Sign in to the IMAP mailbox with these settings (not saved); says what failed: connection, TLS, login or mailbox',
    tags,
    input: ZEmailCheckRequest,
    output: ZEmailCheckResponse,
  }),
  failedJobs: op({
    method: 'GET',
    path: `${base}/email.failed_jobs`,
    access: read,
    summary:
      'Background jobs (mail out, mail fetch) that failed every try, with their last error, and how many wait for another try',
    tags,
    input: noInput,
    output: ZFailedJobListResponse,
  }),
  jobRetry: op({
    method: 'POST',
    path: `${base}/email.job_retry`,
    access: write,
    summary: 'Queue a failed job again',
    tags,
    input: ZJobRetryRequest,
    output: ZEmpty,
  }),
  inboxLog: op({
    method: 'GET',
    path: `${base}/email.inbox_log`,
    access: read,
    summary: 'Incoming mails that made no ticket: unparseable (kept raw), bounces, auto-replies, banned senders',
    tags,
    input: noInput,
    output: ZInboxLogResponse,
  }),
  inboxRetry: op({
    method: 'POST',
    path: `${base}/email.inbox_log.retry`,
    access: write,
    summary: 'Read a kept raw mail again (after a fix or a settings change): a ticket or comment when it now can be',
    tags,
    input: ZInboxRawRequest,
    output: ZInboxRetryResponse,
  }),
  addressAllList: op({
    method: 'GET',
    path: `${base}/email.address.all.list`,
    access: read,
    summary: 'Support addresses: each an alias of the main mailbox or with its own, and the group its tickets go to',
    tags,
    input: noInput,
    output: ZSupportAddressListResponse,
  }),
  addressAdd: op({
    method: 'POST',
    path: `${base}/email.address.add`,
    access: write,
    summary: 'Add a support address',
    tags,
    input: ZSupportAddressAddRequest,
    output: ZSupportAddressAddResponse,
    message: 'saved',
  }),
  addressEdit: op({
    method: 'POST',
    path: `${base}/email.address.edit`,
    access: write,
    summary: 'Change a support address (an empty password keeps the stored one)',
    tags,
    input: ZSupportAddressEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  addressDelete: op({
    method: 'POST',
    path: `${base}/email.address.delete`,
    access: write,
    summary: 'Remove support addresses (their tickets stay; their answers then go out from the main address)',
    tags,
    input: ZSupportAddressDeleteRequest,
    output: ZEmpty,
  }),
  templateList: op({
    method: 'GET',
    path: `${base}/email.template.list`,
    access: read,
    summary: 'Notification templates, en and zh-cn, with the placeholders they may use',
    tags,
    input: noInput,
    output: ZEmailTemplateListResponse,
  }),
  templateEdit: op({
    method: 'POST',
    path: `${base}/email.template.edit`,
    access: write,
    summary: 'Save one template; an empty subject or body goes back to the default',
    tags,
    input: ZEmailTemplate,
    output: ZEmpty,
    message: 'saved',
  }),
};
