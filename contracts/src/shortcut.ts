import { z } from 'zod';
import { optionalText, requiredText, ZId, ZIdList, ZPage, ZPaging } from './common.js';
import { ZAllowType } from './enums.js';

/** A canned reply; `me` shortcuts are seen by their creator only, `all` by every agent. */
export const ZShortcut = z.object({
  shortcut_id: z.number().int(),
  title: z.string(),
  message: z.string(),
  allow_type: ZAllowType,
  tag_ids: z.array(z.number().int()),
  choice_list: z.array(z.string()),
  creator_id: z.number().int().nullable(),
  create_ts: z.number().int(),
  update_ts: z.number().int(),
});
export type TShortcut = z.infer<typeof ZShortcut>;

export const ZShortcutListRequest = ZPaging.extend({ kw: optionalText(100).optional() });
export type TShortcutListRequest = z.input<typeof ZShortcutListRequest>;
export const ZShortcutListResponse = ZPage(ZShortcut);
export type TShortcutListResponse = z.infer<typeof ZShortcutListResponse>;

export const ZShortcutGetRequest = z.object({ shortcut_id: ZId });
export type TShortcutGetRequest = z.input<typeof ZShortcutGetRequest>;
export const ZShortcutGetResponse = ZShortcut;

export const ZShortcutAddRequest = z.object({
  title: requiredText('required_name', 200),
  message: optionalText(10_000).default(''),
  allow_type: ZAllowType.default('me'),
  tag_ids: ZIdList.max(50, { error: 'field_too_long' }).default([]),
  /** Quick answers offered with the message. */
  choice_list: z
    .array(requiredText('required_field', 200), { error: 'field_invalid' })
    .max(50, { error: 'field_too_long' })
    .default([]),
});
export type TShortcutAddRequest = z.input<typeof ZShortcutAddRequest>;
export const ZShortcutAddResponse = z.object({ shortcut_id: z.number().int() });
export type TShortcutAddResponse = z.infer<typeof ZShortcutAddResponse>;

export const ZShortcutEditRequest = ZShortcutAddRequest.extend({ shortcut_id: ZId });
export type TShortcutEditRequest = z.input<typeof ZShortcutEditRequest>;

export const ZShortcutDeleteRequest = z.object({ shortcut_ids: ZIdList.min(1, { error: 'required_field' }) });
export type TShortcutDeleteRequest = z.input<typeof ZShortcutDeleteRequest>;
