import { fieldOps, formOps } from '@parley/contracts';
import { expect } from 'vitest';
import { api } from './kit.js';

/**
 * On PostgreSQL every test file shares one database, and other files create tickets without a
 * form (so with the default form's fields). Before a test file adds forms with required fields or
 * defaults, it makes a harmless form the default: a default is never unset, so no later form of
 * theirs can become it.
 */
export async function harmlessDefaultForm(): Promise<number> {
  const field = await api(fieldOps.add, { field_type: 'text', title: 'Harmless' });
  const form = await api(formOps.add, {
    form_name: 'Harmless default',
    field_ids: [field.data.field_id],
    is_default: true,
  });
  expect(form.code, form.msg).toBe('0000');
  return form.data.form_id;
}
