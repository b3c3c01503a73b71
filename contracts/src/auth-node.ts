import { z } from 'zod';
import { optionalText, requiredOr, requiredText, ZId, ZIdList, ZPage, ZPaging } from './common.js';
import { ZNodeType, ZRoleState } from './enums.js';

export const ZAuthNode = z.object({
  node_id: z.number().int().describe('The permission node'),
  node_type: ZNodeType.describe('`menu`: a screen; `btn`: an action on one'),
  node_title: z.string().describe('Its name in the role editor'),
  node_value: z.string().describe('The screen path (`/wswt/...`) or the action (`tag.add`)'),
  node_state: ZRoleState.describe('`inactive` nodes grant nothing'),
});
export type TAuthNode = z.infer<typeof ZAuthNode>;

export const ZNodeListRequest = ZPaging.extend({
  node_type: ZNodeType.optional().describe('Only nodes of this type'),
  kw: optionalText(100).optional().describe('Part of the name or the value'),
});
export type TNodeListRequest = z.input<typeof ZNodeListRequest>;
export const ZNodeListResponse = ZPage(ZAuthNode);
export type TNodeListResponse = z.infer<typeof ZNodeListResponse>;

export const ZNodeAddRequest = z.object({
  node_type: ZNodeType.describe('`menu`: a screen; `btn`: an action on one'),
  node_title: requiredText('required_name', 100).describe('Its name in the role editor, up to 100 characters'),
  node_value: z
    .string({ error: requiredOr('required_field') })
    .trim()
    .min(1, { error: 'required_field' })
    .max(255, { error: 'field_too_long' })
    .describe('The screen path or the action, up to 255 characters'),
});
export type TNodeAddRequest = z.input<typeof ZNodeAddRequest>;
export const ZNodeAddResponse = z.object({ node_id: z.number().int().describe('The new node') });

export const ZAuthPkg = z.object({
  pkg_id: z.number().int().describe('The package'),
  pkg_title: z.string().describe('Its name'),
  node_ids: z.array(z.number().int()).describe('The permission nodes it grants'),
});
export type TAuthPkg = z.infer<typeof ZAuthPkg>;

export const ZPkgListRequest = ZPaging.extend({ kw: optionalText(100).optional().describe('Part of the name') });
export type TPkgListRequest = z.input<typeof ZPkgListRequest>;
export const ZPkgListResponse = ZPage(ZAuthPkg);
export type TPkgListResponse = z.infer<typeof ZPkgListResponse>;

export const ZPkgAddRequest = z.object({
  pkg_title: requiredText('required_name', 100).describe('Its name, up to 100 characters'),
  node_ids: ZIdList.default([]).describe('The permission nodes it grants (none by default)'),
});
export type TPkgAddRequest = z.input<typeof ZPkgAddRequest>;
export const ZPkgAddResponse = z.object({ pkg_id: z.number().int().describe('The new package') });

export const ZPkgEditRequest = ZPkgAddRequest.extend({ pkg_id: ZId.describe('The package') });
export type TPkgEditRequest = z.input<typeof ZPkgEditRequest>;

export const ZPkgDeleteRequest = z.object({ pkg_id: ZId.describe('The package') });
export type TPkgDeleteRequest = z.input<typeof ZPkgDeleteRequest>;
