import { fieldIdOfKey } from '@parley/contracts';
import type { FormInstance } from 'antd';
import { setServerErrors } from '../../components/formRules';
import { translateMessage } from '../../i18n';

/**
 * The server's refusal of custom field values (`field_<id>`: a value it cannot hold, a field
 * required to solve left empty) under those fields of `form` (`fields.field_<id>`, see
 * TicketFieldItems), gone once the field is edited. Returns whether it put one there; a field not
 * shown in the form (the caller toasts the message then) is left out.
 */
export function showCustomFieldErrors(form: FormInstance, fields: Record<string, string>): boolean {
  const shown = Object.keys((form.getFieldsValue() as { fields?: Record<string, unknown> }).fields ?? {});
  const refused = Object.entries(fields).filter(([key]) => fieldIdOfKey(key) !== null && shown.includes(key));
  if (refused.length === 0) {
    return false;
  }
  setServerErrors(
    form,
    refused.map(([key, text]) => ({ name: `fields.${key}`, errors: [translateMessage(text)] })),
  );
  return true;
}
