import { fieldKey, type TFieldType, type TFieldValue, type TPublicForm } from '@parley/contracts';
import type { Db } from '../../db/client.js';
import { invalid } from '../../http/app-error.js';
import { allFields } from '../ticket-field/ticket-field.service.js';
import { allForms, conditionsOf } from './ticket-form.service.js';

/**
 * What the public form at `/` offers: the active forms to choose from (the default first) and the
 * chosen one (else the default, else the first active) with its active customer-visible fields in
 * the form's order and the conditions among them. An inactive id gets the default; an unknown one is refused.
 */
export async function publicForms(db: Db, formId: number | undefined) {
  const [forms, fields] = await Promise.all([allForms(db), allFields(db)]);
  // An id no form has is refused; a form since turned inactive falls back to the default (old links keep working).
  if (formId !== undefined && !forms.some((f) => f.formId === formId)) {
    throw invalid('id_not_found', 'form_id');
  }
  const active = forms.filter((f) => f.formState === 'active');
  const chosen = active.find((f) => f.formId === formId) ?? active.find((f) => f.isDefault) ?? active[0];
  let form: TPublicForm | null = null;
  if (chosen) {
    const byId = new Map(fields.map((f) => [f.fieldId, f]));
    const shown = chosen.fieldIds
      .map((id) => byId.get(id))
      .filter((f): f is NonNullable<typeof f> => Boolean(f && f.fieldState === 'active' && f.customerVisible));
    const ids = new Set(shown.map((f) => f.fieldId));
    form = {
      form_id: chosen.formId,
      form_name: chosen.customerTitle || chosen.formName,
      fields: shown.map((f) => ({
        field_id: f.fieldId,
        field_key: fieldKey(f.fieldId),
        field_type: f.fieldType as TFieldType,
        title: f.customerTitle || f.title,
        description: f.description,
        required: f.requiredToSubmit && f.customerEditable,
        default_value: f.hasDefault ? ((f.defaultValue ?? null) as TFieldValue) : null,
        options: f.options,
        regex_pattern: f.regexPattern,
      })),
      conditions: conditionsOf(chosen)
        .filter((c) => ids.has(c.parent_field_id))
        .map((c) => ({ ...c, child_field_ids: c.child_field_ids.filter((id) => ids.has(id)) }))
        .filter((c) => c.child_field_ids.length > 0),
    };
  }
  return {
    forms: active.map((f) => ({ form_id: f.formId, form_name: f.customerTitle || f.formName })),
    form,
  };
}
