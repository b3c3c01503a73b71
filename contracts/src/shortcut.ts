import { z } from 'zod';
import { optionalText, requiredText, ZId, ZIdList, ZPage, ZPaging } from './common.js';
import { ZAllowType } from './enums.js';

/** A canned reply; `me` shortcuts are seen by their creator only, `all` by every agent. */
export const ZShortcut = z.object({
  shortcut_id: z.number().int().describe('The shortcut'),
  title: z.string().describe('Its title'),
  message: z.string().describe('The text it inserts'),
  allow_type: ZAllowType.describe('`me`: only its creator sees it; `all`: every agent'),
  tag_ids: z.array(z.number().int()).describe('Tags it carries'),
  choice_list: z.array(z.string()).describe('Quick answers offered with the message'),
  creator_id: z.number().int().nullable().describe('Who made it, or null'),
  create_ts: z.number().int().describe('When it was added (Unix epoch milliseconds)'),
  update_ts: z.number().int().describe('When it was last changed (Unix epoch milliseconds)'),
});
export type TShortcut = z.infer<typeof ZShortcut>;

export const ZShortcutListRequest = ZPaging.extend({
  kw: optionalText(100).optional().describe('Part of the title or the message'),
});
export type TShortcutListRequest = z.input<typeof ZShortcutListRequest>;
export const ZShortcutListResponse = ZPage(ZShortcut);
export type TShortcutListResponse = z.infer<typeof ZShortcutListResponse>;

export const ZShortcutGetRequest = z.object({ shortcut_id: ZId.describe('The shortcut') });
export type TShortcutGetRequest = z.input<typeof ZShortcutGetRequest>;
export const ZShortcutGetResponse = ZShortcut;

export const ZShortcutAddRequest = z.object({
  title: requiredText('required_name', 200).describe('Its title, up to 200 characters'),
  message: optionalText(10_000).default('').describe('The text it inserts, up to 10,000 characters'),
  allow_type: ZAllowType.default('me').describe('`me` (the default): only its creator sees it; `all`: every agent'),
  tag_ids: ZIdList.max(50, { error: 'field_too_long' }).default([]).describe('Tags it carries (at most 50)'),
  choice_list: z
    .array(requiredText('required_field', 200), { error: 'field_invalid' })
    .max(50, { error: 'field_too_long' })
    .default([])
    .describe('Quick answers offered with the message (at most 50)'),
});
export type TShortcutAddRequest = z.input<typeof ZShortcutAddRequest>;
export const ZShortcutAddResponse = z.object({ shortcut_id: z.number().int().describe('The new shortcut') });
export type TShortcutAddResponse = z.infer<typeof ZShortcutAddResponse>;

export const ZShortcutEditRequest = ZShortcutAddRequest.extend({ shortcut_id: ZId.describe('The shortcut') });
export type TShortcutEditRequest = z.input<typeof ZShortcutEditRequest>;

export const ZShortcutDeleteRequest = z.object({
  shortcut_ids: ZIdList.min(1, { error: 'required_field' }).describe('The shortcuts to delete'),
});
export type TShortcutDeleteRequest = z.input<typeof ZShortcutDeleteRequest>;
