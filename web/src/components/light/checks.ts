import { emailPattern } from '@parley/contracts';
import { translateMessage } from '../../i18n';

// The contracts' rules for the public pages' inputs, as plain functions: the server checks the
// same with the contracts' zod schemas (ZEmail, requiredText), which the public pages do not
// load. The messages are the contracts' own (translateMessage).

/** ZEmail: required, at most 254 characters, the address pattern. */
export function emailProblem(value: string): string | null {
  const v = value.trim();
  if (v === '') {
    return translateMessage('required_email');
  }
  return v.length > 254 || !emailPattern.test(v) ? translateMessage('email_format') : null;
}

/** requiredText: a non-empty trimmed text of at most `max` characters. */
export function textProblem(value: string, requiredKey: string, max: number): string | null {
  const v = value.trim();
  if (v === '') {
    return translateMessage(requiredKey);
  }
  return v.length > max ? translateMessage('field_too_long') : null;
}
