import { z } from 'zod';
import { ZId } from './common.js';
import { ZEmailEditRequest } from './setting.js';

/** "Send a test mail" / "test the mailbox": the form's values (an empty password uses the stored one). */
export const ZEmailCheckRequest = ZEmailEditRequest.pick({
  sender: true,
  smtp_host: true,
  imap_host: true,
  gateway: true,
  account: true,
  password: true,
  use_ssl: true,
}).extend({
  /** Where the test mail goes (send test only); the account itself when empty. */
  to: z.string().trim().max(254).default(''),
});
export type TEmailCheckRequest = z.input<typeof ZEmailCheckRequest>;

export const emailCheckStages = ['connection', 'tls', 'login', 'send', 'mailbox'] as const;

/** `ok` false: `stage` says what failed, `detail` is the server's own words. */
export const ZEmailCheckResponse = z.object({
  ok: z.boolean(),
  stage: z.enum(emailCheckStages).nullable(),
  detail: z.string(),
  /** The server and port tried (`host:port`, TLS or not). */
  endpoint: z.string(),
  /** Test the mailbox: how many mails the inbox holds. */
  messages: z.number().optional(),
});
export type TEmailCheckResponse = z.infer<typeof ZEmailCheckResponse>;

/** A background job that used every try. */
export const ZFailedJob = z.object({
  id: z.string(),
  queue: z.string(),
  data: z.unknown(),
  error: z.string(),
  attempts: z.number(),
  created_ts: z.number(),
  completed_ts: z.number().nullable(),
});
export type TFailedJob = z.infer<typeof ZFailedJob>;
export const ZFailedJobListResponse = z.object({ list: z.array(ZFailedJob) });
export const ZJobRetryRequest = z.object({ id: z.string().uuid({ error: 'field_invalid' }) });

/** An incoming mail that made no ticket: unparseable (raw kept), bounce, auto-reply, banned sender. */
export const ZInboxLogEntry = z.object({
  log_id: z.number(),
  outcome: z.string(),
  reason: z.string(),
  from_address: z.string(),
  subject: z.string(),
  has_raw: z.boolean(),
  raw_size: z.number(),
  create_ts: z.number(),
});
export type TInboxLogEntry = z.infer<typeof ZInboxLogEntry>;
export const ZInboxLogResponse = z.object({ list: z.array(ZInboxLogEntry) });
export const ZInboxRawRequest = z.object({ log_id: ZId });

export const emailTemplateNames = ['ticket_received', 'public_reply', 'ticket_solved', 'ticket_assigned'] as const;
export const ZEmailTemplate = z.object({
  name: z.enum(emailTemplateNames),
  lang: z.enum(['en', 'zh-cn']),
  subject: z.string().trim().max(255, { error: 'field_too_long' }),
  body: z.string().max(20_000, { error: 'field_too_long' }),
});
export type TEmailTemplate = z.infer<typeof ZEmailTemplate>;
export const ZEmailTemplateListResponse = z.object({
  list: z.array(ZEmailTemplate.extend({ is_default: z.boolean() })),
  placeholders: z.array(z.string()),
});
