import { z } from 'zod';
import { optionalText, ZIdList, ZPage, ZPaging } from './common.js';
import { ZBlackType } from './enums.js';

/** A banned IP address, email address or `@domain`: tickets and chats from it are refused. */
export const ZBlack = z.object({
  black_id: z.number().int().describe('The entry'),
  black_type: ZBlackType.describe('`ip` or `email`'),
  black_value: z.string().describe('The IP address, email address or `@domain`'),
  reason: z.string().describe('Why it was banned'),
  create_ts: z.number().int().describe('When it was added (Unix seconds)'),
});
export type TBlack = z.infer<typeof ZBlack>;

export const ZBlackListRequest = ZPaging.extend({
  kw: optionalText(100).optional().describe('Part of the value or the reason'),
  black_type: ZBlackType.optional().describe('Only `ip` or only `email` entries'),
});
export type TBlackListRequest = z.input<typeof ZBlackListRequest>;
export const ZBlackListResponse = ZPage(ZBlack);
export type TBlackListResponse = z.infer<typeof ZBlackListResponse>;

/** `ip`: an IPv4 or IPv6 address. `email`: an address, or `@domain` for a whole domain. */
export const ZBlackAddRequest = z.object({
  black_type: ZBlackType.describe('`ip` or `email`'),
  black_value: z
    .string({ error: 'field_invalid' })
    .trim()
    .max(300, { error: 'field_too_long' })
    .default('')
    .describe('An IPv4 or IPv6 address (`ip`); an email address or `@domain` (`email`)'),
  reason: optionalText(500).default('').describe('Why, up to 500 characters'),
});
export type TBlackAddRequest = z.input<typeof ZBlackAddRequest>;
export const ZBlackAddResponse = z.object({ black_id: z.number().int().describe('The new entry') });
export type TBlackAddResponse = z.infer<typeof ZBlackAddResponse>;

export const ZBlackDeleteRequest = z.object({
  black_ids: ZIdList.min(1, { error: 'required_field' }).describe('The entries to delete'),
});
export type TBlackDeleteRequest = z.input<typeof ZBlackDeleteRequest>;
