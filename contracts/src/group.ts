import { z } from 'zod';
import { optionalText, requiredText, ZFlag, ZId, ZIdList, ZPage, ZPaging } from './common.js';

export const ZGroup = z.object({
  group_id: z.number().int(),
  group_name: z.string(),
  /** Exactly one group is the default; new agents join it. */
  is_default: z.boolean(),
  remark: z.string(),
  /** Members: agents and admins. */
  account_ids: z.array(z.number().int()),
  create_ts: z.number().int(),
  update_ts: z.number().int(),
});
export type TGroup = z.infer<typeof ZGroup>;

export const ZGroupListRequest = ZPaging.extend({ kw: optionalText(100).optional() });
export type TGroupListRequest = z.input<typeof ZGroupListRequest>;
export const ZGroupListResponse = ZPage(ZGroup);
export type TGroupListResponse = z.infer<typeof ZGroupListResponse>;

export const ZGroupGetRequest = z.object({ group_id: ZId });
export type TGroupGetRequest = z.input<typeof ZGroupGetRequest>;
export const ZGroupGetResponse = ZGroup;

/** Making a group the default takes the mark from the previous default. */
export const ZGroupAddRequest = z.object({
  group_name: requiredText('required_group_name', 100),
  is_default: ZFlag.default(false),
  remark: optionalText(1000).default(''),
  account_ids: ZIdList.default([]),
});
export type TGroupAddRequest = z.input<typeof ZGroupAddRequest>;
export const ZGroupAddResponse = z.object({ group_id: z.number().int() });
export type TGroupAddResponse = z.infer<typeof ZGroupAddResponse>;

/** Fields left out keep their value; `account_ids` replaces the members. */
export const ZGroupEditRequest = z.object({
  group_id: ZId,
  group_name: requiredText('required_group_name', 100),
  is_default: ZFlag.optional(),
  remark: optionalText(1000).optional(),
  account_ids: ZIdList.optional(),
});
export type TGroupEditRequest = z.input<typeof ZGroupEditRequest>;
