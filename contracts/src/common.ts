import { z } from 'zod';
import type { TMessageKey } from './messages.js';
import { emailPattern, passwordMax, passwordMin } from './plain.js';

/**
 * Zod error hook: a missing value gets `requiredKey`, anything else of the wrong type gets
 * `field_invalid`. Keys are translated by whoever shows them (server or form).
 */
export function requiredOr(requiredKey: TMessageKey, otherKey: TMessageKey = 'field_invalid') {
  return (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? requiredKey : otherKey);
}

/** A non-empty trimmed text; `requiredKey` names the spec's "<Field> is required" message. */
export function requiredText(requiredKey: TMessageKey, max = 255) {
  return z
    .string({ error: requiredOr(requiredKey) })
    .trim()
    .min(1, { error: requiredKey })
    .max(max, { error: 'field_too_long' });
}

export function optionalText(max = 255) {
  return z.string({ error: 'field_invalid' }).trim().max(max, { error: 'field_too_long' });
}

/**
 * docs/product.md §5: letters, digits, underscore and hyphen in the local part, a domain, and a
 * top level of two or more letters. Dots between local-part words (john.doe@) are accepted too:
 * refusing the most common address shape would turn customers away.
 */

export const ZEmail = z
  .string({ error: requiredOr('required_email', 'email_format') })
  .trim()
  .min(1, { error: 'required_email' })
  .max(254, { error: 'email_format' })
  .regex(emailPattern, { error: 'email_format' })
  .transform((v) => v.toLowerCase());

/**
 * A new password: 5 to 127 characters (the "not the email" rule needs the email, see
 * `passwordProblem`). Refused on the wire with the spec's own message, "Password is not allowed"
 * (api-contract.md); the forms name the rule it breaks before anything is sent.
 */
export const ZNewPassword = z
  .string({ error: requiredOr('required_password', 'password_not_allowed') })
  .min(passwordMin, { error: 'password_not_allowed' })
  .max(passwordMax, { error: 'password_not_allowed' });

/**
 * A number schema that also takes the plain decimal text of an integer (query strings arrive as
 * text): `"12"` is 12, while `true`, `[2]`, `"0x2"`, `"1e3"`, `" 2"` and `"2.0"` stay what they
 * are and are refused, where `z.coerce` turned them all into numbers (`true` into record 1).
 */
export function fromDecimal<T extends z.ZodType<number, number>>(schema: T) {
  const text = z
    .string()
    .regex(/^-?[0-9]{1,15}$/)
    .transform(Number)
    .pipe(schema);
  return z.union([schema, text], { error: 'field_invalid' });
}

/** Integer ids, within PostgreSQL's integer. */
export const ZId = fromDecimal(
  z
    .number({ error: 'field_invalid' })
    .int({ error: 'field_invalid' })
    .positive({ error: 'field_invalid' })
    .max(2_147_483_647, { error: 'field_invalid' }),
);

export const ZIdList = z.array(ZId, { error: 'field_invalid' }).max(1000, { error: 'field_too_long' });

/** At least one id, chosen: missing, not a list or empty, it says the spec's "Must choose …" message. */
export function ZChosenIds(message: string) {
  return z.array(ZId, { error: message }).min(1, { error: message }).max(1000, { error: 'field_too_long' });
}

/** Query booleans: `true`/`false`/`1`/`0` in a query string, or a JSON boolean in a body. */
export const ZFlag = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: 'field_invalid' }),
);

export const ZPaging = z.object({
  offset: fromDecimal(
    z.number({ error: 'field_invalid' }).int({ error: 'field_invalid' }).min(0, { error: 'field_invalid' }),
  )
    .default(0)
    .describe('How many rows to skip (0 by default)'),
  limit: fromDecimal(
    z
      .number({ error: 'field_invalid' })
      .int({ error: 'field_invalid' })
      .min(1, { error: 'field_invalid' })
      .max(100, { error: 'field_invalid' }),
  )
    .default(20)
    .describe('How many rows to answer, 1 to 100 (20 by default)'),
});

export function ZPage<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item).describe('The rows of this page'),
    total: z.number().int().describe('How many rows match, over all pages'),
  });
}

export function ZAll<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item).describe('Every row') });
}

export const ZEmpty = z.null();

/** The names written between `{{` and `}}` in a text, spaces inside the braces dropped: `{{ ticket.id }}` is `ticket.id`. */
export function placeholderNames(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1] ?? '');
}
