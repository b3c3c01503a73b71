import { z } from 'zod';
import { optionalText, requiredOr, requiredText, ZFlag } from './common.js';

const settingName = /^[a-z][a-z0-9_.-]{0,63}$/;

/**
 * Modules that have their own calls (and, for email, a secret): `common.list` never answers
 * them and `common.edit` refuses them.
 */
export const reservedSettingModules = ['email', 'ticket', 'appearance', 'chat_widget', 'account'] as const;

export const ZSettingModule = z
  .string({ error: requiredOr('required_field') })
  .trim()
  .min(1, { error: 'required_field' })
  .regex(settingName, { error: 'field_invalid' });

export const ZCommonSetting = z.object({
  setting_module: z.string(),
  setting_key: z.string(),
  /** Any JSON value. */
  setting_value: z.unknown(),
});
export type TCommonSetting = z.infer<typeof ZCommonSetting>;

export const ZCommonListRequest = z.object({ setting_module: ZSettingModule });
export type TCommonListRequest = z.input<typeof ZCommonListRequest>;
export const ZCommonListResponse = z.object({ list: z.array(ZCommonSetting) });
export type TCommonListResponse = z.infer<typeof ZCommonListResponse>;

/** Largest `setting_value` kept, as JSON text. */
export const commonSettingMaxBytes = 64 * 1024;

export const ZCommonEditRequest = z.object({
  setting_module: ZSettingModule,
  setting_key: ZSettingModule,
  setting_value: z.unknown().refine((v) => v !== undefined && v !== null, { error: 'required_field' }),
});
export type TCommonEditRequest = z.input<typeof ZCommonEditRequest>;

/** Email channel settings. The password is write-only: `has_password` tells whether one is stored. */
export const ZEmailSetting = z.object({
  sender: z.string(),
  smtp_host: z.string(),
  imap_host: z.string(),
  gateway: z.string(),
  account: z.string(),
  has_password: z.boolean(),
  use_ssl: z.boolean(),
  use_bottom_ad: z.boolean(),
  /** Path answered by `upload.ad_image`: png, jpg or webp, 1000px wide. */
  bottom_ad_image: z.string(),
  /** Where a click on the ad image leads. */
  bottom_ad_image_url: z.string(),
  use_bottom_tips: z.boolean(),
  bottom_tips: z.string(),
});
export type TEmailSetting = z.infer<typeof ZEmailSetting>;
export const ZEmailGetResponse = ZEmailSetting;
export type TEmailGetResponse = TEmailSetting;

const host = (requiredKey: Parameters<typeof requiredText>[0]) =>
  requiredText(requiredKey, 255).regex(/^[^\s/]+$/, { error: 'field_invalid' });

const ZHttpUrl = z
  .string({ error: 'field_invalid' })
  .trim()
  .max(1000, { error: 'field_too_long' })
  .regex(/^(https?:\/\/[^\s]+)?$/i, { error: 'field_invalid' });

export const ZEmailEditRequest = z.object({
  sender: requiredText('required_sender', 254),
  smtp_host: host('required_smtp_host'),
  imap_host: host('required_imap_host'),
  gateway: requiredText('required_gateway', 255),
  account: requiredText('required_account', 254),
  /** Empty keeps the stored password; required when none is stored yet. */
  password: z.string({ error: 'field_invalid' }).max(1024, { error: 'field_too_long' }).default(''),
  use_ssl: ZFlag.default(true),
  use_bottom_ad: ZFlag.default(false),
  bottom_ad_image: optionalText(300).default(''),
  bottom_ad_image_url: ZHttpUrl.default(''),
  use_bottom_tips: ZFlag.default(false),
  bottom_tips: optionalText(2000).default(''),
});
export type TEmailEditRequest = z.input<typeof ZEmailEditRequest>;

/** The favicon: empty, or the path answered by `upload.favicon` (png or ico). */
export const ZBrandingEditRequest = z.object({ favicon: optionalText(300) });
export type TBrandingEditRequest = z.input<typeof ZBrandingEditRequest>;

export const ZTicketSetting = z.object({
  /** Turn links in comments into hyperlinks. */
  show_hyperlink: z.boolean(),
  /** New comments are public by default. */
  public_comment: z.boolean(),
  /** Requesters and agents may attach files. */
  can_attach: z.boolean(),
  /** Notification emails carry the attachments. */
  include_attach: z.boolean(),
  enable_tag: z.boolean(),
  /** Assign a ticket to the agent who first replies. */
  auto_assign: z.boolean(),
  allow_reassign: z.boolean(),
  /** Offer the satisfaction survey. */
  allow_score: z.boolean(),
  enable_follow: z.boolean(),
  enable_ccs: z.boolean(),
  /** Addresses, `@domains` or domains, separated by spaces, that may not be followers or CCs. */
  follow_and_ccs_blacklist: z.string(),
});
export type TTicketSetting = z.infer<typeof ZTicketSetting>;
export const ZTicketSettingGetResponse = ZTicketSetting;
export type TTicketSettingGetResponse = TTicketSetting;

/** Fields left out keep their value. */
export const ZTicketSettingEditRequest = z.object({
  show_hyperlink: ZFlag.optional(),
  public_comment: ZFlag.optional(),
  can_attach: ZFlag.optional(),
  include_attach: ZFlag.optional(),
  enable_tag: ZFlag.optional(),
  auto_assign: ZFlag.optional(),
  allow_reassign: ZFlag.optional(),
  allow_score: ZFlag.optional(),
  enable_follow: ZFlag.optional(),
  enable_ccs: ZFlag.optional(),
  follow_and_ccs_blacklist: optionalText(10_000).optional(),
});
export type TTicketSettingEditRequest = z.input<typeof ZTicketSettingEditRequest>;
