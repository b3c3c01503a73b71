import { z } from 'zod';
import { optionalText, ZEmail, ZFlag, ZId, ZIdList } from './common.js';
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
/** Download or retry one kept raw mail. */
export const ZInboxRawRequest = z.object({ log_id: ZId });
/** Retrying a kept mail: what it became this time (`ticket`, `comment`, `duplicate`, or why not again). */
export const ZInboxRetryResponse = z.object({ outcome: z.string(), ticket_id: z.number().nullable() });

export const emailTemplateNames = [
  'ticket_received',
  'public_reply',
  'ticket_solved',
  'ticket_new',
  'ticket_assigned',
  'chat_transcript',
] as const;
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

/**
 * A support address: mail to it becomes tickets of its group. An alias arrives in the main
 * mailbox of the email settings (found by the address the mail was sent to); an address with
 * its own mailbox is fetched from that mailbox. Replies to its tickets go out from it.
 */
export const ZSupportAddress = z.object({
  address_id: z.number(),
  address: z.string(),
  /** The display name of the From header (`name <address>`); empty uses the sender's name. */
  name: z.string(),
  /** The group its new tickets go to; null: the default group. */
  group_id: z.number().nullable(),
  has_mailbox: z.boolean(),
  imap_host: z.string(),
  account: z.string(),
  has_password: z.boolean(),
  use_ssl: z.boolean(),
  create_ts: z.number(),
});
export type TSupportAddress = z.infer<typeof ZSupportAddress>;
export const ZSupportAddressListResponse = z.object({ list: z.array(ZSupportAddress) });

const supportAddressFields = {
  address: ZEmail,
  name: optionalText(100).default(''),
  group_id: ZId.nullable().default(null),
  has_mailbox: ZFlag.default(false),
  imap_host: optionalText(255)
    .regex(/^[^\s/]*$/, { error: 'field_invalid' })
    .default(''),
  account: optionalText(254).default(''),
  /** Write-only; empty on edit keeps the stored one. */
  password: z.string({ error: 'field_invalid' }).max(1024, { error: 'field_too_long' }).default(''),
  use_ssl: ZFlag.default(true),
};

type MailboxFields = { has_mailbox: boolean; imap_host: string; account: string };
/** An own mailbox needs its server and account (the password is checked by the server on add). */
const mailboxNeeds = (v: MailboxFields, ctx: z.RefinementCtx) => {
  if (!v.has_mailbox) {
    return;
  }
  if (!v.imap_host) {
    ctx.addIssue({ code: 'custom', path: ['imap_host'], message: 'required_imap_host' });
  }
  if (!v.account) {
    ctx.addIssue({ code: 'custom', path: ['account'], message: 'required_account' });
  }
};

export const ZSupportAddressAddRequest = z.object(supportAddressFields).superRefine(mailboxNeeds);
export type TSupportAddressAddRequest = z.input<typeof ZSupportAddressAddRequest>;
export const ZSupportAddressEditRequest = z
  .object({ address_id: ZId, ...supportAddressFields })
  .superRefine(mailboxNeeds);
export type TSupportAddressEditRequest = z.input<typeof ZSupportAddressEditRequest>;
export const ZSupportAddressDeleteRequest = z.object({ address_ids: ZIdList.min(1, { error: 'field_invalid' }) });
export const ZSupportAddressAddResponse = z.object({ address_id: z.number() });

/** The link of a mailed attachment too large for the mail. */
export const ZMailAttachmentLinkRequest = z.object({
  token: z.string({ error: 'field_invalid' }).regex(/^[A-Za-z0-9_-]{20,64}$/, { error: 'field_invalid' }),
});
