import { z } from 'zod';
import { optionalText, ZPage, ZPaging } from './common.js';
import { ZTag } from './ticket/shared.js';

/** A tag name in a settings form: required ("Tag name is required"), then a tag's own rules. */
const ZTagName = z.string({ error: 'required_tag_name' }).trim().min(1, { error: 'required_tag_name' }).pipe(ZTag);
const ZTagChoice = z
  .array(ZTag, { error: 'must_choose_tags' })
  .min(1, { error: 'must_choose_tags' })
  .max(50, { error: 'field_too_long' });

/** A tag with the number of live tickets that carry it (an estimate above 10,000). */
export const ZTagItem = z.object({
  tag_name: z.string().describe('The tag'),
  ticket_count: z.number().int().describe('How many live tickets carry it'),
  count_estimated: z.boolean().describe('The count is an estimate (above 10,000)'),
  create_ts: z.number().int().describe('When it was first used or added (Unix epoch milliseconds)'),
});
export type TTagItem = z.infer<typeof ZTagItem>;

export const ZTagListRequest = ZPaging.extend({ kw: optionalText(80).optional().describe('Part of the name') });
export type TTagListRequest = z.input<typeof ZTagListRequest>;
export const ZTagListResponse = ZPage(ZTagItem).extend({
  enable_tag: z.boolean().describe('The ticket setting `enable_tag`: while it is off, tags cannot be changed'),
});
export type TTagListResponse = z.infer<typeof ZTagListResponse>;

export const ZTagGetRequest = z.object({ tag_name: ZTagName.describe('The tag') });
export type TTagGetRequest = z.input<typeof ZTagGetRequest>;
export const ZTagGetResponse = ZTagItem;

export const ZTagAddRequest = z.object({ tag_name: ZTagName.describe('The new tag') });
export type TTagAddRequest = z.input<typeof ZTagAddRequest>;

/** Rename: every ticket carrying `tag_name` carries `new_name` instead. */
export const ZTagEditRequest = z.object({
  tag_name: ZTagName.describe('The tag to rename'),
  new_name: ZTagName.describe('Its new name'),
});
export type TTagEditRequest = z.input<typeof ZTagEditRequest>;

/** Merge: every ticket carrying one of `tag_names` carries `into` instead (once). */
export const ZTagMergeRequest = z.object({
  tag_names: ZTagChoice.describe('The tags merged away (1 to 50)'),
  into: ZTagName.describe('The tag their tickets carry instead'),
});
export type TTagMergeRequest = z.input<typeof ZTagMergeRequest>;

export const ZTagDeleteRequest = z.object({ tag_names: ZTagChoice.describe('The tags to delete (1 to 50)') });
export type TTagDeleteRequest = z.input<typeof ZTagDeleteRequest>;

/** How many tickets a rename, merge or delete changed. */
export const ZTagChangeResponse = z.object({ ticket_count: z.number().int().describe('How many tickets changed') });
export type TTagChangeResponse = z.infer<typeof ZTagChangeResponse>;
