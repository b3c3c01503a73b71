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

/**
 * Puts a validation failure's `data.fields` on the form's fields; returns false when none of
 * them is a field of this form (the caller then shows the message another way).
 */
export function showFieldErrors(form: FormInstance, fields: Record<string, string>, names: readonly string[]): boolean {
  const known = Object.entries(fields).filter(([name]) => names.includes(name));
  if (known.length === 0) {
    return false;
  }
  form.setFields(known.map(([name, text]) => ({ name, errors: [translateMessage(text)] })));
  return true;
}
