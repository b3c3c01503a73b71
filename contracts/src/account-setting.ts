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
  helpdesk_name: z.string().describe("The help desk's name, on the shell, the public pages, the widget and emails"),
  site_url: z.string().describe('The customer-facing support site; empty when there is none'),
});
export type TDetails = z.infer<typeof ZDetails>;
export const ZDetailsEditRequest = z.object({
  helpdesk_name: requiredText('required_name', 100).describe("The help desk's name, up to 100 characters"),
  site_url: ZSiteUrl.default('').describe('An http(s) address, or empty for none (the default)'),
});
export type TDetailsEditRequest = z.input<typeof ZDetailsEditRequest>;

/** Settings › Localization: what new accounts and visitors get until they choose their own. */
export const ZLocalization = z.object({
  default_language: ZLanguageCode.describe('The language of new accounts and visitors'),
  default_timezone: z.string().describe('The time zone of new accounts (IANA name)'),
  date_format: ZDateFormat.describe('How dates are written: `medium`, `iso`, `dmy` or `mdy`'),
});
export type TLocalization = z.infer<typeof ZLocalization>;
export const ZLocalizationEditRequest = z.object({
  default_language: ZLanguageCode.describe('The language of new accounts and visitors'),
  default_timezone: ZTimezone.describe('The time zone of new accounts (IANA name)'),
  date_format: ZDateFormat.describe('How dates are written: `medium`, `iso`, `dmy` or `mdy`'),
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
  step: z.enum(gettingStartedSteps).describe('The step'),
  done: z.boolean().describe("Whether the help desk's state shows it done"),
  count: z.number().int().describe('What the check found, e.g. the number of agents; for the hint under the step'),
  begun: z
    .boolean()
    .optional()
    .describe('Set up but not seen working yet (the email channel saved, no mail received so far)'),
});
export const ZGettingStartedResponse = z.object({
  list: z.array(ZGettingStartedStep).describe('Every step, in order'),
});
export type TGettingStartedResponse = z.infer<typeof ZGettingStartedResponse>;
export type TGettingStartedStep = z.infer<typeof ZGettingStartedStep>;
