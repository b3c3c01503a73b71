import type { FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { ZodType } from 'zod';
import { translateMessage } from '../i18n';

/**
 * An antd form rule from a contracts schema, so a form checks exactly what the server checks.
 * `optional`: an empty input passes (the schema checks only what was typed).
 */
export function schemaRule(schema: ZodType, { optional = false }: { optional?: boolean } = {}): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      if (optional && (value === undefined || value === null || value === '')) {
        return;
      }
      const result = schema.safeParse(value);
      if (!result.success) {
        throw new Error(translateMessage(result.error.issues[0]?.message ?? 'field_invalid'));
      }
    },
  };
}

/** A rule from a predicate and a contracts message key. */
export function checkRule(ok: (value: unknown) => boolean, messageKey: string): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      if (!ok(value)) {
        throw new Error(translateMessage(messageKey));
      }
    },
  };
}

/** Form items holding a list of rows (an editor of conditions, of actions), by name: each names its row n (from 1). */
export type TFieldRows = Record<string, (n: number) => string>;

/**
 * Puts a validation failure's `data.fields` on the form's fields; returns false when none of
 * them is a field of this form (the caller then shows the message another way). A failure inside
 * a row of a list item (`actions.1.value` under the item `actions`, in `rows`) goes under that
 * item, saying which row: "Action 2: Invalid value".
 */
export function showFieldErrors(
  form: FormInstance,
  fields: Record<string, string>,
  names: readonly string[],
  rows: TFieldRows = {},
): boolean {
  const errors = new Map<string, string[]>();
  for (const [name, text] of Object.entries(fields)) {
    if (names.includes(name)) {
      errors.set(name, [...(errors.get(name) ?? []), translateMessage(text)]);
      continue;
    }
    const item = Object.keys(rows)
      .filter((r) => name.startsWith(`${r}.`))
      .sort((a, b) => b.length - a.length)[0];
    const index = item ? Number(name.slice(item.length + 1).split('.')[0]) : Number.NaN;
    if (item && Number.isInteger(index)) {
      const row = (rows[item] as (n: number) => string)(index + 1);
      errors.set(item, [...(errors.get(item) ?? []), `${row}: ${translateMessage(text)}`]);
    }
  }
  if (errors.size === 0) {
    return false;
  }
  form.setFields([...errors].map(([name, list]) => ({ name: name.split('.'), errors: list })));
  return true;
}
