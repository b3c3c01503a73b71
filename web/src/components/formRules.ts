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
 * Form items holding named parts (an SLA policy's grid of targets), by name: each names the part
 * from the rest of the failure's name (`urgent.first_reply` under `targets`), or returns
 * undefined when that is no part of it.
 */
export type TFieldParts = Record<string, (rest: string) => string | undefined>;

/**
 * Puts a validation failure's `data.fields` on the form's fields; returns false when none of
 * them is a field of this form (the caller then shows the message another way). A failure inside
 * a row of a list item (`actions.1.value` under the item `actions`, in `rows`) goes under that
 * item, saying which row: "Action 2: Invalid value"; one inside a part of an item in `parts`
 * likewise ("Urgent first reply: Invalid value").
 */
export function showFieldErrors(
  form: FormInstance,
  fields: Record<string, string>,
  names: readonly string[],
  rows: TFieldRows = {},
  parts: TFieldParts = {},
): boolean {
  const errors = new Map<string, string[]>();
  for (const [name, text] of Object.entries(fields)) {
    // A field of the form, or a list item of `rows` as a whole ("add at least one").
    if (names.includes(name) || Object.hasOwn(rows, name)) {
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
      continue;
    }
    const whole = Object.keys(parts).find((p) => name.startsWith(`${p}.`));
    const part = whole
      ? (parts[whole] as (rest: string) => string | undefined)(name.slice(whole.length + 1))
      : undefined;
    if (whole && part !== undefined) {
      errors.set(whole, [...(errors.get(whole) ?? []), `${part}: ${translateMessage(text)}`]);
    }
  }
  if (errors.size === 0) {
    return false;
  }
  setServerErrors(
    form,
    [...errors].map(([name, list]) => ({ name, errors: list })),
  );
  return true;
}

/** `holidays.0.name` as a form path: `['holidays', 0, 'name']`. */
const pathOf = (name: string): Array<string | number> => name.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/** The store's own subscription to every change of value, the one `Form.useWatch` uses. */
type TWatchable = {
  getInternalHooks?: (mark: string) => { registerWatch?: (callback: () => void) => () => void } | null;
};

/**
 * Puts the server's failures (by dotted name) under the form's items. An item with no rules of
 * its own (a list of conditions, a holiday's date) is not checked again when edited, so each
 * error here goes away as soon as its item, or the row it is in (`holidays.0`), changes; an
 * item whose own rules have run since keeps what they said.
 */
export function setServerErrors(form: FormInstance, failures: Array<{ name: string; errors: string[] }>): void {
  const shown = failures.map(({ name, errors }) => {
    const path = pathOf(name);
    const row = path.findIndex((p) => typeof p === 'number');
    const block = row < 0 ? path : path.slice(0, row + 1);
    return { path, errors, block, before: JSON.stringify(form.getFieldValue(block)) };
  });
  form.setFields(shown.map(({ path, errors }) => ({ name: path, errors })));
  const pending = new Set(shown);
  const hooks = (form as unknown as TWatchable).getInternalHooks?.('RC_FORM_INTERNAL_HOOKS');
  const stop = hooks?.registerWatch?.(() => {
    for (const item of pending) {
      if (form.getFieldError(item.path) !== item.errors) {
        // Another save, or the item's own rules, put something else there since: not ours to clear.
        pending.delete(item);
      } else if (JSON.stringify(form.getFieldValue(item.block)) !== item.before) {
        pending.delete(item);
        form.setFields([{ name: item.path, errors: [] }]);
      }
    }
    if (pending.size === 0) {
      stop?.();
    }
  });
}
