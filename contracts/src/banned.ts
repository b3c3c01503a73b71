import { z } from 'zod';
import { optionalText, ZIdList, ZPage, ZPaging } from './common.js';
import { ZBannedType } from './enums.js';

/** A banned IP address, email address or `@domain`: tickets and chats from it are refused. */
export const ZBanned = z.object({
  black_id: z.number().int().describe('The entry'),
  black_type: ZBannedType.describe('`ip` or `email`'),
  black_value: z.string().describe('The IP address, email address or `@domain`'),
  reason: z.string().describe('Why it was banned'),
  create_ts: z.number().int().describe('When it was added (Unix epoch milliseconds)'),
});
export type TBanned = z.infer<typeof ZBanned>;

export const ZBannedListRequest = ZPaging.extend({
  kw: optionalText(100).optional().describe('Part of the value or the reason'),
  black_type: ZBannedType.optional().describe('Only `ip` or only `email` entries'),
});
export type TBannedListRequest = z.input<typeof ZBannedListRequest>;
export const ZBannedListResponse = ZPage(ZBanned);
export type TBannedListResponse = z.infer<typeof ZBannedListResponse>;

/** `ip`: an IPv4 or IPv6 address. `email`: an address, or `@domain` for a whole domain. */
export const ZBannedAddRequest = z.object({
  black_type: ZBannedType.describe('`ip` or `email`'),
  black_value: z
    .string({ error: 'field_invalid' })
    .trim()
    .max(300, { error: 'field_too_long' })
    .default('')
    .describe('An IPv4 or IPv6 address (`ip`); an email address or `@domain` (`email`)'),
  reason: optionalText(500).default('').describe('Why, up to 500 characters'),
});
export type TBannedAddRequest = z.input<typeof ZBannedAddRequest>;
export const ZBannedAddResponse = z.object({ black_id: z.number().int().describe('The new entry') });
export type TBannedAddResponse = z.infer<typeof ZBannedAddResponse>;

export const ZBannedDeleteRequest = z.object({
  black_ids: ZIdList.min(1, { error: 'required_field' }).describe('The entries to delete'),
});
export type TBannedDeleteRequest = z.input<typeof ZBannedDeleteRequest>;
