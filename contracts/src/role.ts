import { z } from 'zod';
import { optionalText, requiredText, ZFlag, ZId, ZIdList, ZPage, ZPaging } from './common.js';
import { ZRoleState } from './enums.js';

export const ZRole = z.object({
  role_id: z.number().int().describe('The role'),
  role_name: z.string().describe('Its name'),
  remark: z.string().describe('A note for admins'),
  role_state: ZRoleState.describe('`active`, or `inactive`: an inactive role grants nothing'),
  is_default: z.boolean().describe('The role new agents get when none is chosen'),
  auth_pkg_ids: z.array(z.number().int()).describe('The permission packages it grants'),
  account_ids: z.array(z.number().int()).optional().describe('Its members; in lists only with `need_account`'),
  create_ts: z.number().int().describe('When it was added (Unix epoch milliseconds)'),
  update_ts: z.number().int().describe('When it was last changed (Unix epoch milliseconds)'),
});
export type TRole = z.infer<typeof ZRole>;

export const ZRoleListRequest = ZPaging.extend({
  kw: optionalText(100).optional().describe('Part of the name'),
  role_state: ZRoleState.default('active').describe('Only roles in this state (`active` by default)'),
  need_account: ZFlag.default(false).describe("Answer each role's members too (no by default)"),
});
export type TRoleListRequest = z.input<typeof ZRoleListRequest>;
export const ZRoleListResponse = ZPage(ZRole);
export type TRoleListResponse = z.infer<typeof ZRoleListResponse>;

export const ZRoleGetRequest = z.object({ role_id: ZId.describe('The role') });
export type TRoleGetRequest = z.input<typeof ZRoleGetRequest>;
export const ZRoleGetResponse = ZRole;

export const ZRoleAddRequest = z.object({
  role_name: requiredText('required_role_name', 100).describe('Its name, up to 100 characters'),
  remark: optionalText(1000).default('').describe('A note for admins, up to 1,000 characters'),
  account_ids: ZIdList.default([]).describe('Its members: agents'),
  auth_pkg_ids: ZIdList.default([]).describe('The permission packages it grants'),
});
export type TRoleAddRequest = z.input<typeof ZRoleAddRequest>;
export const ZRoleAddResponse = z.object({ role_id: z.number().int().describe('The new role') });
export type TRoleAddResponse = z.infer<typeof ZRoleAddResponse>;

/** Fields left out keep their value; the id lists replace what the role had. */
export const ZRoleEditRequest = z.object({
  role_id: ZId.describe('The role'),
  role_name: requiredText('required_role_name', 100).describe('Its name, up to 100 characters'),
  remark: optionalText(1000).optional().describe('A note for admins (left out: kept)'),
  account_ids: ZIdList.optional().describe('Its members, replacing the previous ones (left out: kept)'),
  auth_pkg_ids: ZIdList.optional().describe('The packages it grants, replacing the previous ones (left out: kept)'),
});
export type TRoleEditRequest = z.input<typeof ZRoleEditRequest>;

export const ZRoleStateEditRequest = z.object({
  role_id: ZId.describe('The role'),
  role_state: ZRoleState.describe('`active`, or `inactive` to stop it granting anything'),
});
export type TRoleStateEditRequest = z.input<typeof ZRoleStateEditRequest>;
