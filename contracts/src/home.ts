import { z } from 'zod';
import { enumTypes } from './enums.js';

export const ZLanguagesResponse = z.object({
  list: z
    .array(
      z.object({
        code: z.string().describe('The language code (`en`, `zh-cn`), as the `Language` header takes it'),
        name: z.string().describe('Its name, in itself'),
      }),
    )
    .describe('The interface languages'),
});
export type TLanguagesResponse = z.infer<typeof ZLanguagesResponse>;

export const ZEnumsGetRequest = z.object({
  enum_types: z
    .array(z.enum(enumTypes, { error: 'enum_invalid' }), { error: 'field_invalid' })
    .min(1, { error: 'required_field' })
    .max(50)
    .describe('The enums wanted (1 to 50), e.g. `ticket_state`'),
});
export type TEnumsGetRequest = z.infer<typeof ZEnumsGetRequest>;
export const ZEnumOption = z.object({
  value: z.string().describe('The value the API takes and answers'),
  label: z.string().describe('Its label in the request language'),
});
export const ZEnumsGetResponse = z
  .record(z.string(), z.array(ZEnumOption))
  .describe('Each enum asked for, with its values in order');
export type TEnumsGetResponse = z.infer<typeof ZEnumsGetResponse>;

/** What every page may know before sign-in: the look, the name, and the help desk's defaults. */
export const ZBrandingResponse = z.object({
  favicon: z.string().describe('The favicon path, or empty for the default'),
  brand_name: z.string().describe("Settings › Details: the help desk's name"),
  site_url: z.string().describe('Settings › Details: the customer-facing support site, or empty'),
  default_language: z.string().describe('Settings › Localization: the language of visitors who chose none'),
  default_timezone: z.string().describe('Settings › Localization: the time zone of accounts that set none'),
  date_format: z.string().describe('Settings › Localization: how dates are written'),
});
export type TBrandingResponse = z.infer<typeof ZBrandingResponse>;
