import { z } from 'zod';
import { enums } from '../enums.js';
import { commentFilesMax } from '../plain.js';

/** What every part of a ticket's contract shares: its enums, tags, attachment ids and custom field values. */

export const ZTicketState = enums.ticket_state.schema;
export type TTicketState = z.infer<typeof ZTicketState>;
export const ZSubmitAs = enums.submit_as.schema;
export type TSubmitAs = z.infer<typeof ZSubmitAs>;
export const ZTicketType = enums.ticket_type.schema;
export type TTicketType = z.infer<typeof ZTicketType>;
export const ZTicketSource = enums.ticket_source.schema;
export type TTicketSource = z.infer<typeof ZTicketSource>;
export const ZTicketPriority = enums.ticket_priority.schema;
export type TTicketPriority = z.infer<typeof ZTicketPriority>;
export const ZSatisfaction = enums.satisfaction.schema;
export type TSatisfaction = z.infer<typeof ZSatisfaction>;

/** States a ticket is still being worked on in ("unsolved" in the views). */
export const unsolvedStates = ['new', 'open', 'pending'] as const satisfies readonly TTicketState[];

/** A tag: lower-case letters, digits, `_`, `-`, `.`, `:` or any CJK text, no spaces (as typed, trimmed and lower-cased). */
export const ZTag = z
  .string({ error: 'field_invalid' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'field_invalid' })
  .max(80, { error: 'field_too_long' })
  .regex(/^[^\s,，]+$/u, { error: 'tag_invalid' });
export const ZTagList = z.array(ZTag, { error: 'field_invalid' }).max(50, { error: 'field_too_long' });

/** An attachment's id: random and unguessable (it is the only key to a public upload). */
export const ZFileId = z.string({ error: 'field_invalid' }).regex(/^[A-Za-z0-9_-]{22}$/, { error: 'field_invalid' });
export const ZFileIdList = z
  .array(ZFileId, { error: 'field_invalid' })
  .max(commentFilesMax, { error: 'field_too_long' });

/** Values of the ticket fields (`fields`), by field key. */
export const ZTicketFields = z
  .record(
    z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, { error: 'field_invalid' }),
    z.union([z.string().max(5000), z.number(), z.boolean(), z.null(), z.array(z.string().max(500)).max(100)]),
    { error: 'field_invalid' },
  )
  .refine((v) => Object.keys(v).length <= 100, { error: 'field_too_long' });
export type TTicketFields = z.infer<typeof ZTicketFields>;
