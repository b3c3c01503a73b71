import { fieldOps, formOps, type TOpInput } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { admin, api, setUpApp } from '../../../test/kit.js';

setUpApp();

const get = async (form_id: number) => (await api(formOps.get, { form_id })).data;
const forms = async () => (await api(formOps.allList, {})).data.list;
async function field(body: TOpInput<typeof fieldOps.add>) {
  const res = await api(fieldOps.add, body);
  expect(res.code, res.msg).toBe('0000');
  return res.data.field_id;
}
async function form(body: TOpInput<typeof formOps.add>) {
  const res = await api(formOps.add, body);
  expect(res.code, res.msg).toBe('0000');
  return res.data.form_id;
}

describe('ticket forms', () => {
  it('answers the spec messages: "Form name is required", "Must choose field(s)", in both languages', async () => {
    const f = await field({ field_type: 'text', title: 'T' });
    const noName = await api(formOps.add, { form_name: '', field_ids: [f] });
    expect([noName.code, noName.msg, noName.data]).toEqual([
      'FFFF',
      'Form name is required',
      { fields: { form_name: 'Form name is required' } },
    ]);
    expect((await api(formOps.add, { form_name: '', field_ids: [f] }, admin, { lang: 'zh-cn' })).msg).toBe(
      '请输入表单名称',
    );
    const noFields = await api(formOps.add, { form_name: 'Support', field_ids: [] });
    expect([noFields.msg, noFields.data]).toEqual([
      'Must choose field(s)',
      { fields: { field_ids: 'Must choose field(s)' } },
    ]);
    expect((await api(formOps.add, { form_name: 'Support', field_ids: [] }, admin, { lang: 'zh-cn' })).msg).toBe(
      '请选择字段',
    );
    // Left out altogether, or not a list, it is the same message, not "Invalid value".
    for (const body of [{ form_name: 'Support' }, { form_name: 'Support', field_ids: 'all' }]) {
      const res = await api(formOps.add, body as unknown as { form_name: string; field_ids: number[] });
      expect([res.msg, res.data], JSON.stringify(body)).toEqual([
        'Must choose field(s)',
        { fields: { field_ids: 'Must choose field(s)' } },
      ]);
    }
    const unknown = await api(formOps.add, { form_name: 'Support', field_ids: [99999999] });
    expect(unknown.data).toEqual({ fields: { field_ids: 'No record has this id' } });
  });

  it('keeps the fields in order and conditions that name a choice of the form and other fields of it', async () => {
    const kind = await field({ field_type: 'dropdown', title: 'Kind', options: [{ name: 'Bug' }, { name: 'Idea' }] });
    const steps = await field({ field_type: 'textarea', title: 'Steps' });
    const urgent = await field({ field_type: 'checkbox', title: 'Urgent' });
    const why = await field({ field_type: 'text', title: 'Why' });
    const id = await form({
      form_name: 'Report',
      field_ids: [steps, kind, urgent, why],
      conditions: [
        { parent_field_id: kind, value: 'bug', child_field_ids: [steps] },
        { parent_field_id: urgent, value: true, child_field_ids: [why] },
      ],
    });
    expect(await get(id)).toMatchObject({
      form_name: 'Report',
      field_ids: [steps, kind, urgent, why],
      conditions: [
        { parent_field_id: kind, value: 'bug', child_field_ids: [steps] },
        { parent_field_id: urgent, value: true, child_field_ids: [why] },
      ],
      form_state: 'active',
    });
    const bad = [
      { parent_field_id: kind, value: 'feature', child_field_ids: [steps] }, // not a value of Kind
      { parent_field_id: steps, value: 'x', child_field_ids: [why] }, // a text field is no parent
      { parent_field_id: kind, value: 'bug', child_field_ids: [kind] }, // shows itself
      { parent_field_id: urgent, value: 'yes', child_field_ids: [why] }, // a checkbox is true or false
    ];
    for (const c of bad) {
      const res = await api(formOps.edit, {
        form_id: id,
        form_name: 'Report',
        field_ids: [steps, kind, urgent, why],
        conditions: [c],
      });
      expect([res.code, res.data], JSON.stringify(c)).toEqual([
        'FFFF',
        {
          fields: {
            'conditions.0':
              'A condition must name a drop-down or checkbox field of the form, a value of it, and other fields of the form',
          },
        },
      ]);
    }
    const outside = await api(formOps.edit, {
      form_id: id,
      form_name: 'Report',
      field_ids: [kind],
      conditions: [{ parent_field_id: kind, value: 'bug', child_field_ids: [steps] }],
    });
    expect(outside.code).toBe('FFFF');
    const noChildren = await api(formOps.edit, {
      form_id: id,
      form_name: 'Report',
      field_ids: [kind],
      conditions: [{ parent_field_id: kind, value: 'bug', child_field_ids: [] }],
    });
    expect(noChildren.data).toEqual({ fields: { 'conditions.0.child_field_ids': 'Must choose field(s)' } });
  });

  it('refuses conditions that loop (fields that would never show) and a second form of a name', async () => {
    const product = await field({
      field_type: 'dropdown',
      title: 'Loop product',
      options: [{ name: 'Printer' }, { name: 'Scanner' }],
    });
    const vip = await field({ field_type: 'checkbox', title: 'Loop VIP' });
    const serial = await field({ field_type: 'text', title: 'Loop serial' });
    const loop = (conditions: TOpInput<typeof formOps.add>['conditions']) =>
      api(formOps.add, { form_name: 'Loop', field_ids: [product, vip, serial], conditions });
    const message = 'A condition cannot show a field that shows its own field: the fields would never appear';
    // Each shows the other: neither ever appears.
    const twoWay = await loop([
      { parent_field_id: product, value: 'printer', child_field_ids: [vip, serial] },
      { parent_field_id: vip, value: true, child_field_ids: [product] },
    ]);
    expect([twoWay.code, twoWay.data]).toEqual(['FFFF', { fields: { 'conditions.1': message } }]);
    // A chain is fine; only closing it is refused.
    const chain = await loop([{ parent_field_id: product, value: 'printer', child_field_ids: [vip] }]);
    expect(chain.code).toBe('0000');

    const again = await api(formOps.add, { form_name: ' loop ', field_ids: [serial] });
    expect([again.code, again.data]).toEqual([
      'FFFF',
      { fields: { form_name: 'A ticket form of this name already exists' } },
    ]);
    // The form keeps its own name when saved again.
    const kept = await api(formOps.edit, { form_id: chain.data.form_id, form_name: 'Loop', field_ids: [serial] });
    expect(kept.code).toBe('0000');
  });

  it('exactly one default form: another made default takes its place; the default cannot be unset or inactive', async () => {
    const f = await field({ field_type: 'text', title: 'Harmless' });
    const a = await form({ form_name: 'A', field_ids: [f] });
    const defaults = () => forms().then((l) => l.filter((x) => x.is_default));
    expect(await defaults()).toHaveLength(1);
    const b = await form({ form_name: 'B', field_ids: [f], is_default: true });
    expect((await defaults()).map((x) => x.form_id)).toEqual([b]);
    expect((await forms())[0]?.form_id).toBe(b);
    const unset = await api(formOps.edit, { form_id: b, form_name: 'B', field_ids: [f], is_default: false });
    expect([unset.code, unset.msg]).toEqual([
      'FFFF',
      'One form must be the default; make another form the default instead',
    ]);
    const off = await api(formOps.edit, {
      form_id: b,
      form_name: 'B',
      field_ids: [f],
      is_default: true,
      form_state: 'inactive',
    });
    expect([off.code, off.msg]).toEqual(['FFFF', 'The default form must be active']);
    expect(
      (
        await api(formOps.edit, { form_id: b, form_name: 'B', field_ids: [f], is_default: true }, admin, {
          lang: 'zh-cn',
        })
      ).msg,
    ).toBe('保存成功');
    const inactiveDefault = await api(formOps.add, {
      form_name: 'C',
      field_ids: [f],
      is_default: true,
      form_state: 'inactive',
    });
    expect(inactiveDefault.code).toBe('FFFF');
    expect((await defaults()).map((x) => x.form_id)).toEqual([b]);
    // A is no default now and may be made inactive.
    expect((await api(formOps.edit, { form_id: a, form_name: 'A', field_ids: [f], form_state: 'inactive' })).code).toBe(
      '0000',
    );
    expect((await get(a)).form_state).toBe('inactive');
    expect((await api(formOps.get, { form_id: '99999999' })).code).toBe('0404');
  });
});
