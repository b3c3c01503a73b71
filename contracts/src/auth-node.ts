import { z } from 'zod';
import { optionalText, requiredOr, requiredText, ZId, ZIdList, ZPage, ZPaging } from './common.js';
import { ZNodeType, ZRoleState } from './enums.js';

export const ZAuthNode = z.object({
  node_id: z.number().int(),
  node_type: ZNodeType,
  node_title: z.string(),
  node_value: z.string(),
  /** `inactive` nodes grant nothing. */
  node_state: ZRoleState,
});
export type TAuthNode = z.infer<typeof ZAuthNode>;

export const ZNodeListRequest = ZPaging.extend({
  node_type: ZNodeType.optional(),
  kw: optionalText(100).optional(),
});
export type TNodeListRequest = z.input<typeof ZNodeListRequest>;
export const ZNodeListResponse = ZPage(ZAuthNode);
export type TNodeListResponse = z.infer<typeof ZNodeListResponse>;

export const ZNodeAddRequest = z.object({
  node_type: ZNodeType,
  node_title: requiredText('required_name', 100),
  node_value: z
    .string({ error: requiredOr('required_field') })
    .trim()
    .min(1, { error: 'required_field' })
    .max(255, { error: 'field_too_long' }),
});
export type TNodeAddRequest = z.input<typeof ZNodeAddRequest>;
export const ZNodeAddResponse = z.object({ node_id: z.number().int() });

export const ZAuthPkg = z.object({
  pkg_id: z.number().int(),
  pkg_title: z.string(),
  node_ids: z.array(z.number().int()),
});
export type TAuthPkg = z.infer<typeof ZAuthPkg>;

export const ZPkgListRequest = ZPaging.extend({ kw: optionalText(100).optional() });
export type TPkgListRequest = z.input<typeof ZPkgListRequest>;
export const ZPkgListResponse = ZPage(ZAuthPkg);
export type TPkgListResponse = z.infer<typeof ZPkgListResponse>;

export const ZPkgAddRequest = z.object({
  pkg_title: requiredText('required_name', 100),
  node_ids: ZIdList.default([]),
});
export type TPkgAddRequest = z.input<typeof ZPkgAddRequest>;
export const ZPkgAddResponse = z.object({ pkg_id: z.number().int() });

export const ZPkgEditRequest = ZPkgAddRequest.extend({ pkg_id: ZId });
export type TPkgEditRequest = z.input<typeof ZPkgEditRequest>;

export const ZPkgDeleteRequest = z.object({ pkg_id: ZId });
export type TPkgDeleteRequest = z.input<typeof ZPkgDeleteRequest>;
