import { z } from 'zod';
import { optionalText, requiredText, ZFlag, ZId, ZIdList, ZPage, ZPaging } from './common.js';

export const ZGroup = z.object({
  group_id: z.number().int().describe('The group'),
  group_name: z.string().describe('Its name'),
  is_default: z.boolean().describe('The default group: exactly one is; new agents join it'),
  remark: z.string().describe('A note for admins'),
  account_ids: z.array(z.number().int()).describe('Its members: agents and admins'),
  create_ts: z.number().int().describe('When it was added (Unix epoch milliseconds)'),
  update_ts: z.number().int().describe('When it was last changed (Unix epoch milliseconds)'),
});
export type TGroup = z.infer<typeof ZGroup>;

export const ZGroupListRequest = ZPaging.extend({ kw: optionalText(100).optional().describe('Part of the name') });
export type TGroupListRequest = z.input<typeof ZGroupListRequest>;
export const ZGroupListResponse = ZPage(ZGroup);
export type TGroupListResponse = z.infer<typeof ZGroupListResponse>;

export const ZGroupGetRequest = z.object({ group_id: ZId.describe('The group') });
export type TGroupGetRequest = z.input<typeof ZGroupGetRequest>;
export const ZGroupGetResponse = ZGroup;

/** Making a group the default takes the mark from the previous default. */
export const ZGroupAddRequest = z.object({
  group_name: requiredText('required_group_name', 100).describe('Its name, up to 100 characters'),
  is_default: ZFlag.default(false).describe('Make it the default group (no by default)'),
  remark: optionalText(1000).default('').describe('A note for admins, up to 1,000 characters'),
  account_ids: ZIdList.default([]).describe('Its members: agents and admins'),
});
export type TGroupAddRequest = z.input<typeof ZGroupAddRequest>;
export const ZGroupAddResponse = z.object({ group_id: z.number().int().describe('The new group') });
export type TGroupAddResponse = z.infer<typeof ZGroupAddResponse>;

/** Fields left out keep their value; `account_ids` replaces the members. */
export const ZGroupEditRequest = z.object({
  group_id: ZId.describe('The group'),
  group_name: requiredText('required_group_name', 100).describe('Its name, up to 100 characters'),
  is_default: ZFlag.optional().describe('Make it the default group (left out: kept)'),
  remark: optionalText(1000).optional().describe('A note for admins (left out: kept)'),
  account_ids: ZIdList.optional().describe('Its members, replacing the previous ones (left out: kept)'),
});
export type TGroupEditRequest = z.input<typeof ZGroupEditRequest>;
