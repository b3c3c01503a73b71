import { z } from 'zod';
import { optionalText, requiredText, ZFlag, ZId, ZIdList, ZPage, ZPaging } from './common.js';
import { ZRoleState } from './enums.js';

export const ZRole = z.object({
  role_id: z.number().int(),
  role_name: z.string(),
  remark: z.string(),
  /** An inactive role grants nothing. */
  role_state: ZRoleState,
  /** The role new agents get when none is chosen. */
  is_default: z.boolean(),
  auth_pkg_ids: z.array(z.number().int()),
  /** Members; in lists only with `need_account`. */
  account_ids: z.array(z.number().int()).optional(),
  create_ts: z.number().int(),
  update_ts: z.number().int(),
});
export type TRole = z.infer<typeof ZRole>;

export const ZRoleListRequest = ZPaging.extend({
  kw: optionalText(100).optional(),
  role_state: ZRoleState.default('active'),
  need_account: ZFlag.default(false),
});
export type TRoleListRequest = z.input<typeof ZRoleListRequest>;
export const ZRoleListResponse = ZPage(ZRole);
export type TRoleListResponse = z.infer<typeof ZRoleListResponse>;

export const ZRoleGetRequest = z.object({ role_id: ZId });
export type TRoleGetRequest = z.input<typeof ZRoleGetRequest>;
export const ZRoleGetResponse = ZRole;

export const ZRoleAddRequest = z.object({
  role_name: requiredText('required_role_name', 100),
  remark: optionalText(1000).default(''),
  account_ids: ZIdList.default([]),
  auth_pkg_ids: ZIdList.default([]),
});
export type TRoleAddRequest = z.input<typeof ZRoleAddRequest>;
export const ZRoleAddResponse = z.object({ role_id: z.number().int() });
export type TRoleAddResponse = z.infer<typeof ZRoleAddResponse>;

/** Fields left out keep their value; the id lists replace what the role had. */
export const ZRoleEditRequest = z.object({
  role_id: ZId,
  role_name: requiredText('required_role_name', 100),
  remark: optionalText(1000).optional(),
  account_ids: ZIdList.optional(),
  auth_pkg_ids: ZIdList.optional(),
});
export type TRoleEditRequest = z.input<typeof ZRoleEditRequest>;

export const ZRoleStateEditRequest = z.object({ role_id: ZId, role_state: ZRoleState });
export type TRoleStateEditRequest = z.input<typeof ZRoleStateEditRequest>;
