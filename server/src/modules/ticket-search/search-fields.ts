import { fieldSearchName, isCalendarDay, nestedSeparator } from '@parley/contracts';
import { invalidWith } from '../../http/app-error.js';
import type { FieldCondition } from '../ticket-field/field-where.js';
import type { FieldRow } from '../ticket-field/ticket-field.service.js';

/** What the search box needs of a custom field to read `<field>:<value>`. */
export type SearchField = Pick<FieldRow, 'fieldId' | 'fieldType' | 'title' | 'fieldState' | 'options'>;

/**
 * A custom field's operator, read: a condition of the views' kind (indexed through the value
 * table), a comparison of a number or a date (the same index, bounds included or not), or, for
 * the text kinds, words that the ticket's field must contain as written (found through the
 * search index, then checked).
 */
export type FieldTerm =
  | { condition: FieldCondition }
  | { fieldId: number; compare: FieldComparison; value: number | string }
  | { fieldId: number; contains: string };

/** How a number or date operator compares (`seats:>5`, `seats:>=5`, `renewal:<2026-01-31`). */
export type FieldComparison = '>' | '>=' | '<' | '<=';

/** `field_12` or, as Zendesk writes it, `custom_field_12`: a field by its id. */
const byId = /^(?:custom_)?field_(\d+)$/i;

/**
 * The field an operator name means: `field_<id>` (or `custom_field_<id>`), else the field whose
 * title reads that way in the box (`product_area` or `"Product area"`), an active one before an
 * inactive one. A name by id that no field has is refused (`search_field_unknown`): it can only
 * have meant a field. A title that is none stays words (`re:` in a pasted subject).
 */
export function fieldNamed(fields: readonly SearchField[], name: string): SearchField | undefined {
  const id = byId.exec(name);
  if (id) {
    const found = fields.find((f) => f.fieldId === Number(id[1]));
    if (!found) {
      throw invalidWith('search_field_unknown', 'kw', { name });
    }
    return found;
  }
  const wanted = fieldSearchName(name);
  const named = fields.filter((f) => wanted !== '' && fieldSearchName(f.title) === wanted);
  return named.find((f) => f.fieldState === 'active') ?? named[0];
}

const numberPattern = /^-?\d{1,15}(\.\d{1,10})?$/;
const yes = ['true', 'yes', 'checked', '1'];
const no = ['false', 'no', 'unchecked', '0'];

/** `>v`, `>=v`, `<v` and `<=v` compare; anything else is the value itself. */
function comparison(value: string): { compare: FieldComparison | null; rest: string } {
  const m = /^(>=|<=|>|<)/.exec(value);
  return m
    ? { compare: m[1] as FieldComparison, rest: value.slice(m[1]?.length).trim() }
    : { compare: null, rest: value };
}

/** `none`: the field has no value; `*`: it has one (unless quoted: `plan:"none"` is the word). */
const presence = { none: 'not_present', '*': 'present' } as const;

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
 * `quoted`: the value was written in quotes, so `none` and `*` are themselves.
 */
export function fieldTerm(f: SearchField, value: string, shown: string, quoted = false): FieldTerm {
  const refuse = (allowed: string) => invalidWith('search_value_invalid', 'kw', { value: shown, allowed });
  const fieldId = f.fieldId;
  const present = quoted ? undefined : presence[value.toLowerCase() as keyof typeof presence];
  // An option called "None" is that option; a checkbox never set is false, not "none".
  if (present && f.fieldType !== 'checkbox' && optionValue(f, value) === undefined) {
    return { condition: { field_id: fieldId, operator: present, value: null } };
  }
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
      const { compare, rest } = comparison(value);
      if (!numberPattern.test(rest)) {
        throw refuse('5, >5, >=5, <5, <=5, none, *');
      }
      return compare
        ? { fieldId, compare, value: Number(rest) }
        : { condition: { field_id: fieldId, operator: 'is', value: Number(rest) } };
    }
    case 'date': {
      const { compare, rest } = comparison(value);
      if (!isCalendarDay(rest)) {
        throw refuse('2026-01-31, >2026-01-31, >=2026-01-31, <2026-01-31, <=2026-01-31, none, *');
      }
      return compare
        ? { fieldId, compare, value: rest }
        : { condition: { field_id: fieldId, operator: 'is', value: rest } };
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
