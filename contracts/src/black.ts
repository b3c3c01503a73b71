import { z } from 'zod';
import { optionalText, ZIdList, ZPage, ZPaging } from './common.js';
import { ZBlackType } from './enums.js';

/** A banned IP address, email address or `@domain`: tickets and chats from it are refused. */
export const ZBlack = z.object({
  black_id: z.number().int(),
  black_type: ZBlackType,
  black_value: z.string(),
  reason: z.string(),
  create_ts: z.number().int(),
});
export type TBlack = z.infer<typeof ZBlack>;

export const ZBlackListRequest = ZPaging.extend({
  kw: optionalText(100).optional(),
  black_type: ZBlackType.optional(),
});
export type TBlackListRequest = z.input<typeof ZBlackListRequest>;
export const ZBlackListResponse = ZPage(ZBlack);
export type TBlackListResponse = z.infer<typeof ZBlackListResponse>;

/** `ip`: an IPv4 or IPv6 address. `email`: an address, or `@domain` for a whole domain. */
export const ZBlackAddRequest = z.object({
  black_type: ZBlackType,
  black_value: z.string({ error: 'field_invalid' }).trim().max(300, { error: 'field_too_long' }).default(''),
  reason: optionalText(500).default(''),
});
export type TBlackAddRequest = z.input<typeof ZBlackAddRequest>;
export const ZBlackAddResponse = z.object({ black_id: z.number().int() });
export type TBlackAddResponse = z.infer<typeof ZBlackAddResponse>;

export const ZBlackDeleteRequest = z.object({ black_ids: ZIdList.min(1, { error: 'required_field' }) });
export type TBlackDeleteRequest = z.input<typeof ZBlackDeleteRequest>;
