import { fieldIdOfKey, fieldSearchName, nestedSeparator } from '@parley/contracts';
import { invalidWith } from '../../http/app-error.js';
import type { FieldCondition } from '../ticket-field/field-where.js';
import type { FieldRow } from '../ticket-field/ticket-field.service.js';

/** What the search box needs of a custom field to read `<field>:<value>`. */
export type SearchField = Pick<FieldRow, 'fieldId' | 'fieldType' | 'title' | 'fieldState' | 'options'>;

/**
 * A custom field's operator, read: a condition of the views' kind (indexed through the value
 * table), or, for the text kinds, words that the ticket's field must contain as written (found
 * through the search index, then checked).
 */
export type FieldTerm = { condition: FieldCondition } | { fieldId: number; contains: string };

/**
 * The field an operator name means: `field_<id>`, else the field whose title reads that way in
 * the box (`product_area` or `"Product area"`), an active one before an inactive one.
 */
export function fieldNamed(fields: readonly SearchField[], name: string): SearchField | undefined {
  const id = fieldIdOfKey(name.toLowerCase());
  if (id !== null) {
    return fields.find((f) => f.fieldId === id);
  }
  const wanted = fieldSearchName(name);
  const named = fields.filter((f) => wanted !== '' && fieldSearchName(f.title) === wanted);
  return named.find((f) => f.fieldState === 'active') ?? named[0];
}

const isoDate = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const numberPattern = /^-?\d{1,15}(\.\d{1,10})?$/;
const yes = ['true', 'yes', 'checked', '1'];
const no = ['false', 'no', 'unchecked', '0'];

/** `>v` and `<v` compare; anything else is the value itself. */
function comparison(value: string): { operator: 'is' | 'greater_than' | 'less_than'; rest: string } {
  if (value.startsWith('>')) {
    return { operator: 'greater_than', rest: value.slice(1).trim() };
  }
  if (value.startsWith('<')) {
    return { operator: 'less_than', rest: value.slice(1).trim() };
  }
  return { operator: 'is', rest: value };
}

/**
 * The option value a typed choice means: an option by its name or value, any case; for a nested
 * drop-down also a parent level (`Hardware` of `Hardware::Printer`), which the option's value
 * carries at the same level.
 */
function optionValue(f: SearchField, typed: string): string | undefined {
  const lower = typed.toLowerCase();
  const exact = f.options.find((o) => o.name.toLowerCase() === lower || o.value.toLowerCase() === lower);
  if (exact) {
    return exact.value;
  }
  if (f.fieldType !== 'nested') {
    return undefined;
  }
  const levels = lower.split(nestedSeparator).length;
  for (const o of f.options) {
    const names = o.name.toLowerCase().split(nestedSeparator);
    const values = o.value.split(nestedSeparator);
    if (names.length > levels && names.slice(0, levels).join(nestedSeparator) === lower) {
      return values.length === names.length ? values.slice(0, levels).join(nestedSeparator) : undefined;
    }
    if (values.length > levels && values.slice(0, levels).join(nestedSeparator).toLowerCase() === lower) {
      return values.slice(0, levels).join(nestedSeparator);
    }
  }
  return undefined;
}

/** The choices listed when a value is not one of them (the box is no place for a hundred). */
const someOptions = (f: SearchField) => {
  const names = f.options.map((o) => o.name);
  return names.length > 10 ? `${names.slice(0, 10).join(', ')}, …` : names.join(', ');
};

/**
 * `<field>:<value>` for this field, by its type. A value the field cannot hold is refused with
 * what it can (`search_value_invalid`), as `status:finished` is, rather than matching nothing.
 */
export function fieldTerm(f: SearchField, value: string, shown: string): FieldTerm {
  const refuse = (allowed: string) => invalidWith('search_value_invalid', 'kw', { value: shown, allowed });
  const fieldId = f.fieldId;
  switch (f.fieldType) {
    case 'checkbox': {
      const v = value.toLowerCase();
      if (!yes.includes(v) && !no.includes(v)) {
        throw refuse('true, false');
      }
      return { condition: { field_id: fieldId, operator: 'is', value: yes.includes(v) } };
    }
    case 'number':
    case 'decimal': {
      const { operator, rest } = comparison(value);
      if (!numberPattern.test(rest)) {
        throw refuse('5, >5, <5');
      }
      return { condition: { field_id: fieldId, operator, value: Number(rest) } };
    }
    case 'date': {
      const { operator, rest } = comparison(value);
      if (!isoDate.test(rest)) {
        throw refuse('2026-01-31, >2026-01-31, <2026-01-31');
      }
      return { condition: { field_id: fieldId, operator, value: rest } };
    }
    case 'dropdown':
    case 'multiselect':
    case 'nested': {
      const v = optionValue(f, value);
      if (v === undefined) {
        throw refuse(someOptions(f));
      }
      // A nested value finds its own tickets and those of every level below it.
      return { condition: { field_id: fieldId, operator: f.fieldType === 'nested' ? 'under' : 'is', value: v } };
    }
    default:
      return { fieldId, contains: value };
  }
}
