import { z } from 'zod';
import { optionalText, ZEmail, ZFlag, ZId, ZIdList } from './common.js';
import { mailHostPattern, ZEmailEditRequest } from './setting.js';

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
  to: z
    .string()
    .trim()
    .max(254)
    .default('')
    .describe('Where the test mail goes (send test only); the account itself when empty'),
});
export type TEmailCheckRequest = z.input<typeof ZEmailCheckRequest>;

export const emailCheckStages = ['connection', 'greeting', 'tls', 'login', 'send', 'mailbox'] as const;

/** `ok` false: `stage` says what failed, `detail` is the server's own words. */
export const ZEmailCheckResponse = z.object({
  ok: z.boolean().describe('It worked'),
  stage: z
    .enum(emailCheckStages)
    .nullable()
    .describe(
      'What failed: connection, greeting (connected, but the server said nothing in time), TLS, login, send or mailbox (null when it worked)',
    ),
  detail: z.string().describe("The mail server's own words"),
  endpoint: z.string().describe('The server and port tried (`host:port`, TLS or not)'),
  messages: z.number().optional().describe('Test the mailbox: how many mails the inbox holds'),
});
export type TEmailCheckResponse = z.infer<typeof ZEmailCheckResponse>;

/** A background job that used every try. */
export const ZFailedJob = z.object({
  id: z.string().describe('The job'),
  queue: z.string().describe('Its queue (mail out, mail fetch…)'),
  data: z.unknown().describe('What it was given'),
  error: z.string().describe('Its last error'),
  attempts: z.number().describe('How many tries it had'),
  created_ts: z.number().describe('When it was queued'),
  completed_ts: z.number().nullable().describe('When its last try ended'),
});
export type TFailedJob = z.infer<typeof ZFailedJob>;
export const ZFailedJobListResponse = z.object({
  list: z.array(ZFailedJob).describe('Jobs that failed every try'),
  retrying: z
    .object({
      count: z.number().describe('Jobs that failed and wait for another try'),
      error: z.string().describe('The latest error among them'),
    })
    .describe('Jobs still being tried (a mail that did not go yet)'),
});
export type TFailedJobListResponse = z.infer<typeof ZFailedJobListResponse>;
export const ZJobRetryRequest = z.object({ id: z.string().uuid({ error: 'field_invalid' }).describe('The job') });

/**
 * Why a mail made no ticket, as a stable code (the words of `reason` may change; a client says it
 * in its own language by the code, with `reason_detail`).
 */
export const inboxReasonCodes = [
  'delivery_report',
  'undeliverable',
  'from_daemon',
  'auto_submitted',
  'autoreply_header',
  'out_of_office',
  'precedence',
  'mailing_list',
  'own_mailbox',
  'banned',
  'no_sender',
  'unreadable',
  'not_stored',
  'delivery_delayed',
  'delivery_notice',
  'read_receipt',
  'reused_message_id',
] as const;
export type TInboxReasonCode = (typeof inboxReasonCodes)[number];

/** An incoming mail that made no ticket: unparseable (raw kept), bounce, auto-reply, banned sender. */
export const ZInboxLogEntry = z.object({
  log_id: z.number().describe('The entry'),
  outcome: z
    .string()
    .describe(
      'What became of it: unparseable, bounce (a permanent failure), delivery_report (not a failure), auto-reply, banned sender, ignored',
    ),
  reason: z.string().describe('Why, in English words that may change: read `reason_code`'),
  reason_code: z
    .enum(inboxReasonCodes)
    .nullable()
    .describe(
      'Why, as a stable code: `delivery_report`, `undeliverable` (a bounce naming the failed addresses), `from_daemon`, `auto_submitted`, `autoreply_header`, `out_of_office`, `precedence`, `mailing_list`, `own_mailbox`, `banned`, `no_sender`, `unreadable` (the parser refused it), `not_stored`, `delivery_delayed` (a report that delivery is late and still tried: nothing changes), `delivery_notice` (a report of a delivery relayed, delivered or expanded, or failed for now: nothing changes), `read_receipt` (a read receipt), `reused_message_id` (a different mail with the Message-ID of one already stored: not stored); null for an entry whose reason no code names',
    ),
  reason_detail: z
    .string()
    .describe(
      "The code's detail as written: a header's value, an address, the failed addresses, an error; empty if none",
    ),
  from_address: z.string().describe('Its sender'),
  subject: z.string().describe('Its subject'),
  has_raw: z.boolean().describe('The mail is kept as it arrived'),
  raw_size: z.number().describe('The size of the kept mail in bytes'),
  create_ts: z.number().describe('When it arrived (Unix epoch milliseconds)'),
});
export type TInboxLogEntry = z.infer<typeof ZInboxLogEntry>;
export const ZInboxLogResponse = z.object({ list: z.array(ZInboxLogEntry).describe('The latest 200, newest first') });
export type TInboxLogResponse = z.infer<typeof ZInboxLogResponse>;
/** Download or retry one kept raw mail. */
export const ZInboxRawRequest = z.object({ log_id: ZId.describe('The entry') });
/** Retrying a kept mail: what it became this time (`ticket`, `comment`, `duplicate`, or why not again). */
export const ZInboxRetryResponse = z.object({
  outcome: z.string().describe('What it became this time: `ticket`, `comment`, `duplicate`, or why not again'),
  ticket_id: z.number().nullable().describe('The ticket it made or joined'),
});
export type TInboxRetryResponse = z.infer<typeof ZInboxRetryResponse>;

/** An address mail to which failed for good (a bounce): Parley mails it no more until cleared, or until it writes in. */
export const ZBouncedAddress = z.object({
  address: z.string().describe('The address'),
  ticket_id: z.number().nullable().describe('The ticket whose mail bounced, when known'),
  reason: z.string().describe('The subject of the report that said so'),
  create_ts: z.number().describe('When it bounced (Unix epoch milliseconds)'),
});
export type TBouncedAddress = z.infer<typeof ZBouncedAddress>;
export const ZBouncedAddressListResponse = z.object({
  list: z.array(ZBouncedAddress).describe('Every bounced address, latest first (at most 500)'),
});
export type TBouncedAddressListResponse = z.infer<typeof ZBouncedAddressListResponse>;
export const ZBouncedAddressClearRequest = z.object({
  addresses: z
    .array(z.string().trim().toLowerCase().max(254, { error: 'field_too_long' }))
    .min(1, { error: 'field_invalid' })
    .max(500, { error: 'field_invalid' })
    .describe('The addresses to mail again'),
});

export const emailTemplateNames = [
  'ticket_received',
  'public_reply',
  'ticket_solved',
  'ticket_new',
  'ticket_assigned',
  'ticket_replied',
  'chat_transcript',
  'account_invite',
  'password_reset',
] as const;
export const ZEmailTemplate = z.object({
  name: z.enum(emailTemplateNames).describe('Which notification'),
  lang: z.enum(['en', 'zh-cn']).describe('Its language'),
  subject: z
    .string()
    .trim()
    .max(255, { error: 'field_too_long' })
    .describe('Its subject, with placeholders (empty: the default)'),
  body: z
    .string()
    .max(20_000, { error: 'field_too_long' })
    .describe('Its body, with placeholders (empty: the default)'),
});
export type TEmailTemplate = z.infer<typeof ZEmailTemplate>;
export const ZEmailTemplateListResponse = z.object({
  list: z
    .array(ZEmailTemplate.extend({ is_default: z.boolean().describe('It is the default text') }))
    .describe('Every template in both languages'),
  placeholders: z.array(z.string()).describe('The placeholders templates may use (`{{ticket.id}}`…)'),
});
export type TEmailTemplateListResponse = z.infer<typeof ZEmailTemplateListResponse>;

/**
 * A support address: mail to it becomes tickets of its group. An alias arrives in the main
 * mailbox of the email settings (found by the address the mail was sent to); an address with
 * its own mailbox is fetched from that mailbox. Replies to its tickets go out from it.
 */
export const ZSupportAddress = z.object({
  address_id: z.number().describe('The support address'),
  address: z.string().describe('The address'),
  name: z.string().describe("The display name of the From header (`name <address>`); empty uses the sender's name"),
  group_id: z.number().nullable().describe('The group its new tickets go to; null: the default group'),
  has_mailbox: z.boolean().describe('It has its own mailbox (otherwise an alias of the main one)'),
  imap_host: z.string().describe('Its incoming mail server'),
  account: z.string().describe('Its mailbox account'),
  has_password: z.boolean().describe('A password is stored (it is never answered)'),
  use_ssl: z.boolean().describe('Connect over TLS'),
  create_ts: z.number().describe('When it was added (Unix epoch milliseconds)'),
});
export type TSupportAddress = z.infer<typeof ZSupportAddress>;
export const ZSupportAddressListResponse = z.object({
  list: z.array(ZSupportAddress).describe('Every support address'),
});
export type TSupportAddressListResponse = z.infer<typeof ZSupportAddressListResponse>;

const supportAddressFields = {
  address: ZEmail.describe('The address'),
  name: optionalText(100).default('').describe("The display name of the From header (empty: the sender's name)"),
  group_id: ZId.nullable()
    .default(null)
    .describe('The group its new tickets go to (null, the default: the default group)'),
  has_mailbox: ZFlag.default(false).describe('It has its own mailbox (no by default: an alias of the main one)'),
  imap_host: optionalText(255)
    .refine((v) => v === '' || mailHostPattern.test(v), { error: 'field_invalid' })
    .default('')
    .describe('Its incoming mail server (required with its own mailbox)'),
  account: optionalText(254).default('').describe('Its mailbox account (required with its own mailbox)'),
  password: z
    .string({ error: 'field_invalid' })
    .max(1024, { error: 'field_too_long' })
    .default('')
    .describe('Write-only; empty on edit keeps the stored one'),
  use_ssl: ZFlag.default(true).describe('Connect over TLS (yes by default)'),
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
  .object({ address_id: ZId.describe('The support address'), ...supportAddressFields })
  .superRefine(mailboxNeeds);
export type TSupportAddressEditRequest = z.input<typeof ZSupportAddressEditRequest>;
export const ZSupportAddressDeleteRequest = z.object({
  address_ids: ZIdList.min(1, { error: 'field_invalid' }).describe('The support addresses to remove'),
});
export const ZSupportAddressAddResponse = z.object({ address_id: z.number().describe('The new support address') });
export type TSupportAddressAddResponse = z.infer<typeof ZSupportAddressAddResponse>;

/** The link of a mailed attachment too large for the mail. */
export const ZMailAttachmentLinkRequest = z.object({
  token: z.string({ error: 'field_invalid' }).regex(/^[A-Za-z0-9_-]{20,64}$/, { error: 'field_invalid' }),
});
