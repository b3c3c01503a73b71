import { z } from 'zod';
import { optionalText, requiredOr, requiredText, ZFlag } from './common.js';
import { emailPattern } from './plain.js';

const settingName = /^[a-z][a-z0-9_.-]{0,63}$/;

/**
 * Modules that have their own calls (and, for email, a secret): `common.list` never answers
 * them and `common.edit` refuses them. The server's own settings can be read and written only
 * under one of these names (its `readSetting`/`writeSetting` take no other), so a module with
 * its own calls cannot be left open to `common.edit` and its weaker permission.
 */
export const reservedSettingModules = [
  'email',
  'email_template',
  'ticket',
  'appearance',
  'chat',
  'chat_widget',
  'account',
] as const;
export type TReservedSettingModule = (typeof reservedSettingModules)[number];

export const ZSettingModule = z
  .string({ error: requiredOr('required_field') })
  .trim()
  .min(1, { error: 'required_field' })
  .regex(settingName, { error: 'field_invalid' });

export const ZCommonSetting = z.object({
  setting_module: z.string().describe('The module it belongs to'),
  setting_key: z.string().describe('Its key within the module'),
  setting_value: z.unknown().describe('Any JSON value'),
});
export type TCommonSetting = z.infer<typeof ZCommonSetting>;

export const ZCommonListRequest = z.object({
  setting_module: ZSettingModule.describe('The module (not one with its own calls: email, ticket, appearance…)'),
});
export type TCommonListRequest = z.input<typeof ZCommonListRequest>;
export const ZCommonListResponse = z.object({ list: z.array(ZCommonSetting).describe('Every setting of the module') });
export type TCommonListResponse = z.infer<typeof ZCommonListResponse>;

/** Largest `setting_value` kept, as JSON text. */
export const commonSettingMaxBytes = 64 * 1024;

export const ZCommonEditRequest = z.object({
  setting_module: ZSettingModule.describe('The module (not one with its own calls)'),
  setting_key: ZSettingModule.describe('Its key: lower-case letters, digits, `_`, `.`, `-`'),
  setting_value: z
    .unknown()
    .refine((v) => v !== undefined && v !== null, { error: 'required_field' })
    .describe('Any JSON value but null, at most 64 KB'),
});
export type TCommonEditRequest = z.input<typeof ZCommonEditRequest>;

/** Email channel settings. The password is write-only: `has_password` tells whether one is stored. */
export const ZEmailSetting = z.object({
  sender: z.string().describe('The name or address emails are sent from'),
  smtp_host: z.string().describe('The outgoing mail server'),
  imap_host: z.string().describe('The incoming mail server'),
  gateway: z.string().describe('The mail gateway'),
  account: z.string().describe('The mailbox account'),
  has_password: z.boolean().describe('A password is stored (it is never answered)'),
  use_ssl: z.boolean().describe('Connect over TLS'),
  use_bottom_ad: z.boolean().describe('Emails end with the ad image'),
  bottom_ad_image: z.string().describe('Path answered by `upload.ad_image`: png, jpg or webp, 1000px wide'),
  bottom_ad_image_url: z.string().describe('Where a click on the ad image leads'),
  use_bottom_tips: z.boolean().describe('Emails end with the tips text'),
  bottom_tips: z.string().describe('The tips text'),
});
export type TEmailSetting = z.infer<typeof ZEmailSetting>;
export const ZEmailGetResponse = ZEmailSetting;
export type TEmailGetResponse = TEmailSetting;

/** A mail server: a host name, IPv4 or `[IPv6]`, with `:port` (1 to 65535) when not the usual one. */
export const mailHostPattern =
  /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+)(:(6553[0-5]|655[0-2]\d|65[0-4]\d\d|6[0-4]\d{3}|[1-5]\d{4}|[1-9]\d{0,3}))?$/;

const host = (requiredKey: Parameters<typeof requiredText>[0]) =>
  requiredText(requiredKey, 255).regex(mailHostPattern, { error: 'field_invalid' });

const ZHttpUrl = z
  .string({ error: 'field_invalid' })
  .trim()
  .max(1000, { error: 'field_too_long' })
  .regex(/^(https?:\/\/[^\s]+)?$/i, { error: 'field_invalid' });

/** A sender is a name (the account's address then sends) or an address, alone or as `Name <address>`. */
function senderAddressOk(sender: string): boolean {
  if (!sender.includes('@')) {
    return true;
  }
  const named = /^[^<>]*<([^<>]+)>$/.exec(sender);
  return emailPattern.test((named?.[1] ?? sender).trim());
}

export const ZEmailEditRequest = z.object({
  sender: requiredText('required_sender', 254)
    .refine(senderAddressOk, { error: 'email_format' })
    .describe('The name emails are sent from, or their address (`address` or `Name <address>`)'),
  smtp_host: host('required_smtp_host').describe(
    'The outgoing mail server: a host name, `host:port` when not the usual port',
  ),
  imap_host: host('required_imap_host').describe(
    'The incoming mail server: a host name, `host:port` when not the usual port',
  ),
  gateway: requiredText('required_gateway', 255).describe('The mail gateway'),
  account: requiredText('required_account', 254).describe('The mailbox account'),
  password: z
    .string({ error: 'field_invalid' })
    .max(1024, { error: 'field_too_long' })
    .default('')
    .describe('Empty keeps the stored password; required when none is stored yet'),
  use_ssl: ZFlag.default(true).describe('Connect over TLS (yes by default)'),
  use_bottom_ad: ZFlag.default(false).describe('End emails with the ad image (no by default)'),
  bottom_ad_image: optionalText(300).default('').describe('Path answered by `upload.ad_image`'),
  bottom_ad_image_url: ZHttpUrl.default('').describe('Where a click on the ad image leads (http or https)'),
  use_bottom_tips: ZFlag.default(false).describe('End emails with the tips text (no by default)'),
  bottom_tips: optionalText(2000).default('').describe('The tips text, up to 2,000 characters'),
});
export type TEmailEditRequest = z.input<typeof ZEmailEditRequest>;

/** The favicon: empty, or the path answered by `upload.favicon` (png or ico). */
export const ZBrandingEditRequest = z.object({
  favicon: optionalText(300).describe('The path answered by `upload.favicon` (png or ico), or empty for the default'),
});
export type TBrandingEditRequest = z.input<typeof ZBrandingEditRequest>;

/** What each ticket setting does (the edit call says "left out: kept" for all of them). */
const ticketSettingText = {
  show_hyperlink: 'Turn links in comments into hyperlinks',
  public_comment: 'New comments are public by default',
  can_attach: 'Requesters and agents may attach files',
  include_attach: 'Notification emails carry the attachments',
  enable_tag: 'Tickets may carry tags',
  auto_assign: 'Assign a ticket to the agent who first replies',
  allow_reassign: 'Off: once a ticket has an assignee, only an admin or that assignee may reassign it',
  allow_score: 'Offer the satisfaction survey',
  enable_follow: 'Tickets may have followers',
  enable_ccs: 'Tickets may have CCs',
  follow_and_ccs_blacklist: 'Addresses, `@domains` or domains, separated by spaces, that may not be followers or CCs',
};
const kept = (key: keyof typeof ticketSettingText) => `${ticketSettingText[key]} (left out: kept)`;

export const ZTicketSetting = z.object({
  show_hyperlink: z.boolean().describe(ticketSettingText.show_hyperlink),
  public_comment: z.boolean().describe(ticketSettingText.public_comment),
  can_attach: z.boolean().describe(ticketSettingText.can_attach),
  include_attach: z.boolean().describe(ticketSettingText.include_attach),
  enable_tag: z.boolean().describe(ticketSettingText.enable_tag),
  auto_assign: z.boolean().describe(ticketSettingText.auto_assign),
  allow_reassign: z.boolean().describe(ticketSettingText.allow_reassign),
  allow_score: z.boolean().describe(ticketSettingText.allow_score),
  enable_follow: z.boolean().describe(ticketSettingText.enable_follow),
  enable_ccs: z.boolean().describe(ticketSettingText.enable_ccs),
  follow_and_ccs_blacklist: z.string().describe(ticketSettingText.follow_and_ccs_blacklist),
});
export type TTicketSetting = z.infer<typeof ZTicketSetting>;
export const ZTicketSettingGetResponse = ZTicketSetting;
export type TTicketSettingGetResponse = TTicketSetting;

/** Fields left out keep their value. */
export const ZTicketSettingEditRequest = z.object({
  show_hyperlink: ZFlag.optional().describe(kept('show_hyperlink')),
  public_comment: ZFlag.optional().describe(kept('public_comment')),
  can_attach: ZFlag.optional().describe(kept('can_attach')),
  include_attach: ZFlag.optional().describe(kept('include_attach')),
  enable_tag: ZFlag.optional().describe(kept('enable_tag')),
  auto_assign: ZFlag.optional().describe(kept('auto_assign')),
  allow_reassign: ZFlag.optional().describe(kept('allow_reassign')),
  allow_score: ZFlag.optional().describe(kept('allow_score')),
  enable_follow: ZFlag.optional().describe(kept('enable_follow')),
  enable_ccs: ZFlag.optional().describe(kept('enable_ccs')),
  follow_and_ccs_blacklist: optionalText(10_000).optional().describe(kept('follow_and_ccs_blacklist')),
});
export type TTicketSettingEditRequest = z.input<typeof ZTicketSettingEditRequest>;
