import { fieldOps, type TOpInput, type TTicketField } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { admin, api, apiUntyped, setUpApp } from '../../../test/kit.js';

setUpApp();

const get = async (field_id: number) => (await api(fieldOps.get, { field_id })).data;
const all = async () => (await api(fieldOps.allList, {})).data.list;
const add = async (body: TOpInput<typeof fieldOps.add>) => {
  const res = await api(fieldOps.add, body);
  expect(res.code, res.msg).toBe('0000');
  return res.data.field_id;
};

describe('ticket fields', () => {
  it('refuses a title another field has as search reads it (case, spaces and punctuation aside), on add and edit', async () => {
    const taken = 'A ticket field of this name already exists';
    const plan = await add({ field_type: 'text', title: 'Plan' });
    for (const title of ['Plan', ' plan ', 'PLAN']) {
      const res = await api(fieldOps.add, { field_type: 'text', title });
      expect([res.code, res.msg, res.fields], title).toEqual(['FFFF', taken, { title: taken }]);
    }
    expect((await api(fieldOps.add, { field_type: 'text', title: 'plan' }, admin, { lang: 'zh-cn' })).msg).toBe(
      '已有同名工单字段',
    );
    // `product_area:` in the search box would reach only one of these.
    await add({ field_type: 'text', title: 'Product area' });
    expect((await api(fieldOps.add, { field_type: 'text', title: 'product_area' })).fields).toEqual({ title: taken });
    const seats = await add({ field_type: 'number', title: 'Seats' });
    const renamed = await api(fieldOps.edit, { ...(await get(seats)), title: 'plan' });
    expect([renamed.code, renamed.fields]).toEqual(['FFFF', { title: taken }]);
    expect((await all()).filter((f) => f.title.toLowerCase() === 'plan').map((f) => f.field_id)).toEqual([plan]);
    // Its own title in another case is no clash.
    expect((await api(fieldOps.edit, { ...(await get(plan)), title: 'PLAN' })).code).toBe('0000');
  });

  it('stores each type with its titles, customer rules and default, and answers its key', async () => {
    const id = await add({
      field_type: 'text',
      title: 'Order number',
      customer_title: 'Your order number',
      customer_editable: true,
      required_to_submit: true,
      has_default: true,
      default_value: 'N/A',
    });
    expect(await get(id)).toMatchObject({
      field_key: `field_${id}`,
      field_type: 'text',
      title: 'Order number',
      customer_title: 'Your order number',
      // Editable by customers means visible to them.
      customer_visible: true,
      customer_editable: true,
      required_to_submit: true,
      required_to_solve: false,
      default_value: 'N/A',
      field_state: 'active',
      options: [],
      regex_pattern: null,
    } satisfies Partial<TTicketField>);
    // Required to submit needs a customer who can edit it.
    const agentOnly = await add({ field_type: 'number', title: 'Cost', required_to_submit: true });
    expect((await get(agentOnly)).required_to_submit).toBe(false);
  });

  it('a nested drop-down: values made from the names, every level named ("Parent value is required")', async () => {
    const id = await add({
      field_type: 'nested',
      title: 'Category',
      options: [{ name: 'Hardware::Printer' }, { name: 'Hardware::Laser scanner' }, { name: 'Software' }],
    });
    expect((await get(id)).options).toEqual([
      { name: 'Hardware::Printer', value: 'hardware::printer' },
      { name: 'Hardware::Laser scanner', value: 'hardware::laser_scanner' },
      { name: 'Software', value: 'software' },
    ]);
    const noParent = await api(fieldOps.add, { field_type: 'nested', title: 'C', options: [{ name: '::Printer' }] });
    expect([noParent.code, noParent.msg, noParent.data]).toEqual([
      'FFFF',
      'Parent value is required',
      { fields: { 'options.0.name': 'Parent value is required' } },
    ]);
    const zh = await api(fieldOps.add, { field_type: 'nested', title: 'C', options: [{ name: 'Hardware::' }] }, admin, {
      lang: 'zh-cn',
    });
    expect(zh.msg).toBe('请选择父级值');
  });

  it('answers the spec messages: a name, values for a drop-down, a real default, a valid pattern', async () => {
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [{ field_type: 'text', title: ' ' }, 'title', 'Name is required', '请输入名称'],
      [
        { field_type: 'dropdown', title: 'Plan', options: [{ name: 'Gold' }], has_default: true, default_value: null },
        'default_value',
        'Null value not allowed as default',
        '默认值不能为空',
      ],
      [
        { field_type: 'text', title: 'T', has_default: true, default_value: '  ' },
        'default_value',
        'Null value not allowed as default',
        '默认值不能为空',
      ],
      [
        { field_type: 'dropdown', title: 'Plan', options: [] },
        'options',
        'Add at least one value',
        '请至少添加一个选项',
      ],
      [
        { field_type: 'regex', title: 'Code', regex_pattern: '([a-z' },
        'regex_pattern',
        'Not a valid regular expression',
        '不是有效的正则表达式',
      ],
      [
        {
          field_type: 'dropdown',
          title: 'Plan',
          options: [{ name: 'Gold' }],
          has_default: true,
          default_value: 'silver',
        },
        'default_value',
        'Invalid value',
        '值无效',
      ],
      [
        { field_type: 'multiselect', title: 'M', options: [{ name: 'A b' }, { name: 'a  B' }] },
        'options.1.value',
        'This value is already used by another option',
        '该值已被其他选项使用',
      ],
      [{ field_type: 'colour', title: 'X' }, 'field_type', 'Unknown value', '未知的选项'],
    ];
    for (const [body, field, en, zh] of cases) {
      const res = await apiUntyped(fieldOps.add, body);
      expect([res.code, res.fields[field]], JSON.stringify(body)).toEqual(['FFFF', en]);
      expect((await apiUntyped(fieldOps.add, body, admin, { lang: 'zh-cn' })).fields[field], JSON.stringify(body)).toBe(
        zh,
      );
    }
    // A default is checked against the type: a regex default must match the pattern.
    const bad = await api(fieldOps.add, {
      field_type: 'regex',
      title: 'Code',
      regex_pattern: '[A-Z]{3}-\\d+',
      has_default: true,
      default_value: 'abc',
    });
    expect(bad.fields).toEqual({ default_value: 'Does not match the required format' });
  });

  it('edits a field but never its type; inactive fields stay listed; the order is kept', async () => {
    const a = await add({ field_type: 'checkbox', title: 'VIP' });
    const b = await add({ field_type: 'date', title: 'Due' });
    const res = await api(fieldOps.edit, {
      field_id: a,
      field_type: 'checkbox',
      title: 'Very important',
      field_state: 'inactive',
    });
    expect(res.code).toBe('0000');
    expect(await get(a)).toMatchObject({ title: 'Very important', field_state: 'inactive' });
    const typed = await api(fieldOps.edit, { field_id: a, field_type: 'text', title: 'VIP' });
    expect([typed.code, typed.msg]).toEqual(['FFFF', 'The type of a field cannot be changed']);
    expect((await api(fieldOps.edit, { field_id: 99999999, field_type: 'text', title: 'x' })).code).toBe('0404');

    expect((await api(fieldOps.positionEdit, { field_ids: [b, a] })).code).toBe('0000');
    const order = (await all()).map((f) => f.field_id);
    expect(order.indexOf(b)).toBeLessThan(order.indexOf(a));
    expect(order.slice(0, 2)).toEqual([b, a]);
    const active = (await api(fieldOps.allList, { field_state: 'active' })).data.list;
    expect(active.map((f) => f.field_id)).not.toContain(a);
    expect((await api(fieldOps.positionEdit, { field_ids: [] })).msg).toBe('Must choose field(s)');
  });
});
