import { z } from 'zod';
import { ZLanguageCode, ZTimezone } from './account-admin.js';
import { requiredText } from './common.js';

/** How dates and times are written on every screen (the viewer's time zone applies). */
export const dateFormats = ['medium', 'iso', 'dmy', 'mdy'] as const;
export const ZDateFormat = z.enum(dateFormats, { error: 'enum_invalid' });
export type TDateFormat = z.infer<typeof ZDateFormat>;

/** An empty text or an http(s) address. */
const ZSiteUrl = z
  .string({ error: 'field_invalid' })
  .trim()
  .max(500, { error: 'field_too_long' })
  .regex(/^(https?:\/\/[^\s/]+[^\s]*)?$/i, { error: 'url_format' });

/** Settings › Details: the help desk's name (shell, public pages, widget, emails) and its support site. */
export const ZDetails = z.object({
  helpdesk_name: z.string(),
  /** The customer-facing support site; empty when there is none. */
  site_url: z.string(),
});
export type TDetails = z.infer<typeof ZDetails>;
export const ZDetailsEditRequest = z.object({
  helpdesk_name: requiredText('required_name', 100),
  site_url: ZSiteUrl.default(''),
});
export type TDetailsEditRequest = z.input<typeof ZDetailsEditRequest>;

/** Settings › Localization: what new accounts and visitors get until they choose their own. */
export const ZLocalization = z.object({
  default_language: ZLanguageCode,
  default_timezone: z.string(),
  date_format: ZDateFormat,
});
export type TLocalization = z.infer<typeof ZLocalization>;
export const ZLocalizationEditRequest = z.object({
  default_language: ZLanguageCode,
  default_timezone: ZTimezone,
  date_format: ZDateFormat,
});
export type TLocalizationEditRequest = z.input<typeof ZLocalizationEditRequest>;

/** Settings › Getting started: each step, done or not, read from the help desk's real state. */
export const gettingStartedSteps = [
  'helpdesk_named',
  'email_connected',
  'agent_invited',
  'widget_installed',
  'ticket_solved',
] as const;
export const ZGettingStartedStep = z.object({
  step: z.enum(gettingStartedSteps),
  done: z.boolean(),
  /** What the check found, e.g. the number of agents; for the hint under the step. */
  count: z.number().int(),
});
export const ZGettingStartedResponse = z.object({ list: z.array(ZGettingStartedStep) });
export type TGettingStartedResponse = z.infer<typeof ZGettingStartedResponse>;
export type TGettingStartedStep = z.infer<typeof ZGettingStartedStep>;
