import {
  ErrorCode,
  type FieldShape,
  fieldIdOfKey,
  fieldKey,
  fieldValueProblem,
  isEmptyFieldValue,
  type TFieldType,
  type TMessageKey,
  visibleFieldIds,
} from '@parley/contracts';
import type { DbOrTx } from '../../db/client.js';
import { AppError, invalid } from '../../http/app-error.js';
import { conditionsOf, defaultForm, type FormRow, findForm } from '../ticket-form/ticket-form.service.js';
import { allFields, type FieldRow } from './ticket-field.service.js';

export type FieldValues = Record<string, unknown>;

/** The field definitions and the form a ticket's values are checked against. */
export interface FieldScope {
  defs: Map<number, FieldRow>;
  /** The ticket's form, else the default form; null while there is none. */
  form: FormRow | null;
}

/** `formId` null or undefined: the default form. An unknown id answers FFFF on `form_id`. */
export async function loadFieldScope(db: DbOrTx, formId: number | null | undefined): Promise<FieldScope> {
  const [fields, form] = await Promise.all([allFields(db), formId ? findForm(db, formId) : defaultForm(db)]);
  if (formId && !form) {
    throw invalid('id_not_found', 'form_id');
  }
  return { defs: new Map(fields.map((f) => [f.fieldId, f])), form };
}

export const shapeOf = (f: FieldRow): FieldShape => ({
  field_type: f.fieldType as TFieldType,
  options: f.options,
  regex_pattern: f.regexPattern,
});

const formShape = (form: FormRow) => ({ field_ids: form.fieldIds, conditions: conditionsOf(form) });

/** One message for the call, one per field: `{field}` names the first bad field. */
function refuse(messageKey: TMessageKey, bad: Array<[key: string, fieldKey: TMessageKey, title: string]>): never {
  throw new AppError(ErrorCode.invalid, messageKey, Object.fromEntries(bad.map(([key, k]) => [key, k])), undefined, {
    field: bad[0]?.[2] ?? '',
  });
}

/** Texts are kept trimmed; a multi-select's options once each, in the order of the field's options. */
function normalize(f: FieldRow, value: unknown): unknown {
  if (typeof value === 'string') {
    return value.trim();
  }
  if (Array.isArray(value) && f.fieldType === 'multiselect') {
    return f.options.map((o) => o.value).filter((v) => value.includes(v));
  }
  return value;
}

/** Checks each value of `patch` against its field; empty values clear the field. */
function applyPatch(scope: FieldScope, current: FieldValues, patch: FieldValues, title: (f: FieldRow) => string) {
  const next: FieldValues = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    const id = fieldIdOfKey(key);
    const f = id === null ? undefined : scope.defs.get(id);
    if (!f) {
      throw invalid('field_unknown', key);
    }
    if (isEmptyFieldValue(value)) {
      delete next[key];
      continue;
    }
    const problem = fieldValueProblem(shapeOf(f), value);
    if (problem) {
      refuse(problem === 'field_pattern' ? 'field_value_pattern' : 'field_value_invalid', [
        [key, problem === 'field_pattern' ? 'field_pattern' : problem, title(f)],
      ]);
    }
    next[key] = normalize(f, value);
  }
  return next;
}

/** A new ticket's form fields that have a default and no value take the default. */
function withDefaults(scope: FieldScope, values: FieldValues): FieldValues {
  const next = { ...values };
  for (const id of scope.form?.fieldIds ?? []) {
    const f = scope.defs.get(id);
    const key = fieldKey(id);
    if (
      f &&
      f.fieldState === 'active' &&
      f.hasDefault &&
      isEmptyFieldValue(next[key]) &&
      !isEmptyFieldValue(f.defaultValue)
    ) {
      next[key] = f.defaultValue;
    }
  }
  return next;
}

/** Values of form fields that the form's conditions hide are not kept. */
function withoutHidden(scope: FieldScope, values: FieldValues): FieldValues {
  if (!scope.form) {
    return values;
  }
  const visible = visibleFieldIds(formShape(scope.form), values);
  const inForm = new Set(scope.form.fieldIds);
  return Object.fromEntries(
    Object.entries(values).filter(([key]) => {
      const id = fieldIdOfKey(key);
      return id === null || !inForm.has(id) || visible.has(id);
    }),
  );
}

/**
 * An agent's values for a ticket: any existing field, each checked against its type (options,
 * pattern, number, date); a new ticket's form defaults; hidden fields dropped.
 */
export function agentFieldValues(
  scope: FieldScope,
  current: FieldValues,
  patch: FieldValues | undefined,
  isNew: boolean,
) {
  let next = applyPatch(scope, current, patch ?? {}, (f) => f.title);
  if (isNew) {
    next = withDefaults(scope, next);
  }
  return withoutHidden(scope, next);
}

/**
 * A visitor's values from the public form: only the form's active fields they may edit; the
 * form's defaults; hidden fields dropped; "required to submit" fields they see must be filled.
 */
export function customerFieldValues(scope: FieldScope, patch: FieldValues): FieldValues {
  const form = scope.form;
  const editable = (f: FieldRow | undefined) =>
    Boolean(f && form?.fieldIds.includes(f.fieldId) && f.fieldState === 'active' && f.customerEditable);
  for (const key of Object.keys(patch)) {
    const id = fieldIdOfKey(key);
    if (id === null || !editable(scope.defs.get(id))) {
      throw invalid('field_unknown', key);
    }
  }
  const customerTitle = (f: FieldRow) => f.customerTitle || f.title;
  const values = withoutHidden(scope, withDefaults(scope, applyPatch(scope, {}, patch, customerTitle)));
  if (!form) {
    return values;
  }
  const visible = visibleFieldIds(formShape(form), values);
  const missing = form.fieldIds
    .map((id) => scope.defs.get(id))
    .filter((f): f is FieldRow => editable(f) && Boolean(f?.requiredToSubmit) && visible.has(f?.fieldId as number))
    .filter((f) => isEmptyFieldValue(values[fieldKey(f.fieldId)]));
  if (missing.length) {
    refuse(
      'field_required_submit',
      missing.map((f) => [fieldKey(f.fieldId), 'required_field', customerTitle(f)]),
    );
  }
  return values;
}

/**
 * Solving needs the "required to solve" fields of the ticket's form (the default form for a
 * ticket without one) that its conditions show; without any form nothing is required.
 */
export function checkSolvable(scope: FieldScope, values: FieldValues) {
  const form = scope.form;
  if (!form) {
    return;
  }
  const visible = visibleFieldIds(formShape(form), values);
  const missing = form.fieldIds
    .map((id) => scope.defs.get(id))
    .filter((f): f is FieldRow =>
      Boolean(f && f.fieldState === 'active' && f.requiredToSolve && visible.has(f.fieldId)),
    )
    .filter((f) => isEmptyFieldValue(values[fieldKey(f.fieldId)]));
  if (missing.length) {
    refuse(
      'field_required_solve',
      missing.map((f) => [fieldKey(f.fieldId), 'required_field', f.title]),
    );
  }
}

/** The words of text values and chosen options, for the ticket's search vector. */
export function fieldWords(scope: FieldScope, values: FieldValues): string {
  const words: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    const f = scope.defs.get(fieldIdOfKey(key) ?? 0);
    if (!f) {
      continue;
    }
    if (['text', 'textarea', 'regex'].includes(f.fieldType) && typeof value === 'string') {
      words.push(value);
    } else if (['dropdown', 'nested', 'multiselect'].includes(f.fieldType)) {
      const chosen = Array.isArray(value) ? value : [value];
      words.push(...f.options.filter((o) => chosen.includes(o.value)).map((o) => o.name.replaceAll('::', ' ')));
    }
  }
  return words.join('\n');
}

/** One history entry per changed field: `field_<id>`, old and new value (null for none). */
export function fieldEvents(before: FieldValues, after: FieldValues) {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null))
    .map((k) => ({ field: k, old: before[k] ?? null, new: after[k] ?? null }));
}
