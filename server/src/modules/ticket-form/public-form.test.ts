import { randomUUID } from 'node:crypto';
import { fieldOps, formOps, homeOps, type TOpInput, ticketOps, ZHomeTicketFormResponse } from '@parley/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { callOp } from '../../../test/app.js';
import { harmlessDefaultForm } from '../../../test/field-kit.js';
import { api, setUpApp, t } from '../../../test/kit.js';

setUpApp({ ticketDefaults: true });

const newIp = () => `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const submit = (body: Partial<TOpInput<typeof homeOps.ticketAdd>>, lang?: string) =>
  callOp(
    t.app,
    homeOps.ticketAdd,
    {
      email: `pf-${randomUUID().slice(0, 8)}@example.com`,
      real_name: 'Visitor',
      subject: 'Public form with fields',
      description: 'Please help',
      ...body,
    },
    { headers: { 'x-forwarded-for': newIp() }, ...(lang ? { lang } : {}) },
  );
const formOf = async (formId?: number) =>
  ZHomeTicketFormResponse.parse((await api(homeOps.ticketForm, formId ? { form_id: formId } : {}, null)).data);
async function field(body: TOpInput<typeof fieldOps.add>) {
  const res = await api(fieldOps.add, body);
  expect(res.code, res.msg).toBe('0000');
  return res.data.field_id;
}

let product: number;
let serial: number;
let internal: number;
let hint: number;
let formId: number;
beforeAll(async () => {
  await harmlessDefaultForm();
  product = await field({
    field_type: 'nested',
    title: 'Product (agents)',
    customer_title: 'Product',
    customer_editable: true,
    required_to_submit: true,
    options: [{ name: 'Hardware::Printer' }, { name: 'Software' }],
  });
  serial = await field({
    field_type: 'regex',
    title: 'Serial',
    customer_editable: true,
    required_to_submit: true,
    regex_pattern: 'SN\\d{3}',
  });
  internal = await field({ field_type: 'text', title: 'Internal', has_default: true, default_value: 'triage' });
  hint = await field({ field_type: 'text', title: 'Hint', customer_visible: true, customer_editable: false });
  // Chosen by id, never the default: other files share the database and submit without a form.
  const res = await api(formOps.add, {
    form_name: 'Hardware (agents)',
    customer_title: 'Hardware problem',
    field_ids: [product, serial, internal, hint],
    conditions: [{ parent_field_id: product, value: 'hardware::printer', child_field_ids: [serial] }],
  });
  formId = res.data.form_id;
});

describe('the public form with ticket fields', () => {
  it("offers the chosen form's active customer-visible fields with customers' titles and the conditions", async () => {
    const res = await formOf(formId);
    expect(res.forms).toContainEqual({ form_id: formId, form_name: 'Hardware problem' });
    expect(res.form).toMatchObject({ form_id: formId, form_name: 'Hardware problem' });
    expect(res.form?.fields.map((f) => [f.field_id, f.title, f.required])).toEqual([
      [product, 'Product', true],
      [serial, 'Serial', true],
      [hint, 'Hint', false],
    ]);
    expect(res.form?.conditions).toEqual([
      { parent_field_id: product, value: 'hardware::printer', child_field_ids: [serial] },
    ]);
    // An id no form has is refused like any unknown id (an inactive form's falls back to the default).
    const unknown = await api(homeOps.ticketForm, { form_id: 99999999 }, null);
    expect(unknown.code).toBe('FFFF');
    expect(unknown.data).toEqual({ fields: { form_id: 'No record has this id' } });
  });

  it('a visitor must fill the required fields they see; hidden ones are not required; defaults apply', async () => {
    const missing = await submit({ form_id: formId, fields: {} });
    expect([missing.code, missing.msg, missing.fields]).toEqual([
      'FFFF',
      'Product is required',
      { [`field_${product}`]: 'This field is required' },
    ]);
    expect((await submit({ form_id: formId, fields: {} }, 'zh-cn')).msg).toBe('请填写Product');
    // Printer shows Serial, which is then required and must match its pattern.
    const noSerial = await submit({ form_id: formId, fields: { [`field_${product}`]: 'hardware::printer' } });
    expect([noSerial.msg, noSerial.fields]).toEqual([
      'Serial is required',
      { [`field_${serial}`]: 'This field is required' },
    ]);
    const badSerial = await submit({
      form_id: formId,
      fields: { [`field_${product}`]: 'hardware::printer', [`field_${serial}`]: 'SN12' },
    });
    expect(badSerial.msg).toBe('Serial does not match the required format');
    // Fields customers may not edit are refused.
    const hidden = await submit({
      form_id: formId,
      fields: { [`field_${product}`]: 'software', [`field_${internal}`]: 'x' },
    });
    expect([hidden.code, hidden.fields]).toEqual(['FFFF', { [`field_${internal}`]: 'No ticket field has this key' }]);
    const readOnly = await submit({
      form_id: formId,
      fields: { [`field_${product}`]: 'software', [`field_${hint}`]: 'x' },
    });
    expect(readOnly.code).toBe('FFFF');

    const ok = await submit({
      form_id: formId,
      fields: { [`field_${product}`]: 'software', [`field_${serial}`]: 'SN123' },
    });
    expect(ok.code, ok.msg).toBe('0000');
    const ticket = (await api(ticketOps.get, { ticket_id: ok.data.ticket_id })).data;
    // Software hides Serial: its value is not kept. The agents' field takes its default.
    expect(ticket.fields).toEqual({ [`field_${product}`]: 'software', [`field_${internal}`]: 'triage' });
    expect(ticket.form_id).toBe(formId);
  });

  it('refuses an inactive form', async () => {
    const f = await field({ field_type: 'text', title: 'Plain', customer_editable: true });
    const off = await api(formOps.add, {
      form_name: 'Off',
      field_ids: [f],
      form_state: 'inactive',
    });
    expect(off.code).toBe('0000');
    const res = await submit({ form_id: off.data.form_id, fields: {} });
    expect([res.code, res.msg]).toEqual(['FFFF', 'This form is not active']);
    expect((await formOf()).forms.map((x) => x.form_id)).not.toContain(off.data.form_id);
  });
});
