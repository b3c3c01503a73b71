import { fieldOps, type TOpInput, ticketOps } from '@parley/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { callOp } from '../../../test/app.js';
import { buildEndUser, leftoverSession } from '../../../test/factories.js';
import { harmlessDefaultForm } from '../../../test/field-kit.js';
import { admin, agent, api, db, setUpApp, t } from '../../../test/kit.js';

setUpApp({ ticketDefaults: true });

/** The search box's custom field operators (search-fields.ts), as an agent types them. */
async function field(body: TOpInput<typeof fieldOps.add>) {
  const res = await api(fieldOps.add, body);
  expect(res.code, res.msg).toBe('0000');
  return res.data.field_id;
}
const key = (id: number) => `field_${id}`;
const create = (extra: Record<string, unknown>) =>
  api(ticketOps.add, {
    requester_email: `sf${Math.random().toString(36).slice(2)}@example.com`,
    subject: 'Printer on fire',
    comment: { body: 'Help' },
    ...extra,
  });
const search = (kw: string, lang = 'en', token = admin) => callOp(t.app, ticketOps.list, { kw }, { token, lang });

beforeAll(async () => {
  await harmlessDefaultForm();
});

describe('custom fields in the search box', () => {
  it('finds tickets by <field>:<value>: a nested branch or option, a number or date compared, a checkbox, a choice, text as written', async () => {
    // Titles no other test file uses: on PostgreSQL they share the database and its fields.
    const w = Math.random().toString(36).slice(2, 8);
    const area = await field({
      field_type: 'nested',
      title: `Product area ${w}`,
      options: [{ name: 'Hardware::Printer' }, { name: 'Hardware::Scanner' }, { name: 'Software' }],
    });
    const seats = await field({ field_type: 'number', title: `Seats ${w}` });
    const renewal = await field({ field_type: 'date', title: `Renewal ${w}` });
    const support = await field({ field_type: 'checkbox', title: `Priority support ${w}` });
    const plan = await field({
      field_type: 'dropdown',
      title: `Plan ${w}`,
      options: [{ name: 'Basic' }, { name: 'Pro plus', value: 'pro' }],
    });
    const themes = await field({
      field_type: 'multiselect',
      title: `Themes ${w}`,
      options: [{ name: 'Billing' }, { name: 'Login' }],
    });
    const serial = await field({ field_type: 'text', title: `Serial ${w}` });
    const ticket = async (fields: Record<string, unknown>) => {
      const res = await create({ subject: `Search ${w}`, fields });
      expect(res.code, res.msg).toBe('0000');
      return res.data.ticket_id;
    };
    const a = await ticket({
      [key(area)]: 'hardware::printer',
      [key(seats)]: 3,
      [key(renewal)]: '2026-01-10',
      [key(support)]: true,
      [key(plan)]: 'basic',
      [key(themes)]: ['billing'],
      [key(serial)]: 'Paper jam in tray two',
    });
    const b = await ticket({
      [key(area)]: 'hardware::scanner',
      [key(seats)]: 10,
      [key(renewal)]: '2026-03-01',
      [key(support)]: false,
      [key(plan)]: 'pro',
      [key(themes)]: ['login', 'billing'],
    });
    const c = await ticket({ [key(area)]: 'software', [key(seats)]: 1, [key(serial)]: 'Tray two is fine' });
    const d = await ticket({});
    const found = async (kw: string) => {
      const res = await search(`Search ${w} ${kw}`);
      expect(res.code, `${kw}: ${res.msg}`).toBe('0000');
      return res.data.list.map((r) => r.ticket_id).sort((x, y) => x - y);
    };
    // The name as the title reads in the box, the title itself quoted, or the field's key.
    expect(await found(`product_area_${w}:Hardware`)).toEqual([a, b]);
    expect(await found(`"Product area ${w}":hardware::printer`)).toEqual([a]);
    expect(await found(`${key(area)}:Software`)).toEqual([c]);
    expect(await found(`PRODUCT_AREA_${w}:"Hardware::Scanner"`)).toEqual([b]);
    expect(await found(`seats_${w}:>2`)).toEqual([a, b]);
    expect(await found(`seats_${w}:<3`)).toEqual([c]);
    expect(await found(`seats_${w}:10`)).toEqual([b]);
    expect(await found(`renewal_${w}:>2026-02-01`)).toEqual([b]);
    expect(await found(`renewal_${w}:<2026-02-01`)).toEqual([a]);
    expect(await found(`renewal_${w}:2026-01-10`)).toEqual([a]);
    expect(await found(`priority_support_${w}:true`)).toEqual([a]);
    // Unchecked, or never set.
    expect(await found(`priority_support_${w}:no`)).toEqual([b, c, d]);
    expect(await found(`plan_${w}:"Pro plus"`)).toEqual([b]);
    expect(await found(`plan_${w}:basic`)).toEqual([a]);
    expect(await found(`themes_${w}:Billing`)).toEqual([a, b]);
    expect(await found(`themes_${w}:login seats_${w}:>5`)).toEqual([b]);
    // Text: the words as written, in that field (ticket c has them in another order).
    expect(await found(`serial_${w}:"jam in tray"`)).toEqual([a]);
    expect(await found(`serial_${w}:tray`)).toEqual([a, c]);
    expect(await found(`serial_${w}:"tray jam"`)).toEqual([]);
    // Without other words, through the search index alone.
    const alone = await search(`serial_${w}:"jam in tray" plan_${w}:basic`);
    expect(alone.data.list.map((r) => r.ticket_id)).toEqual([a]);
    // A name that is no field stays words.
    expect(await found(`nosuch_${w}:thing`)).toEqual([]);

    const refused: Array<[string, string, string]> = [
      [
        `seats_${w}:many`,
        `The search does not know seats_${w}:many; use one of: 5, >5, >=5, <5, <=5, none, *`,
        `搜索无法识别 seats_${w}:many，可用的值：5, >5, >=5, <5, <=5, none, *`,
      ],
      [
        `product_area_${w}:Firmware`,
        `The search does not know product_area_${w}:Firmware; use one of: Hardware::Printer, Hardware::Scanner, Software`,
        `搜索无法识别 product_area_${w}:Firmware，可用的值：Hardware::Printer, Hardware::Scanner, Software`,
      ],
      [
        `renewal_${w}:>soon`,
        `The search does not know renewal_${w}:>soon; use one of: 2026-01-31, >2026-01-31, >=2026-01-31, <2026-01-31, <=2026-01-31, none, *`,
        `搜索无法识别 renewal_${w}:>soon，可用的值：2026-01-31, >2026-01-31, >=2026-01-31, <2026-01-31, <=2026-01-31, none, *`,
      ],
      [
        `priority_support_${w}:maybe`,
        `The search does not know priority_support_${w}:maybe; use one of: true, false`,
        `搜索无法识别 priority_support_${w}:maybe，可用的值：true, false`,
      ],
    ];
    for (const [kw, en, zh] of refused) {
      const res = await search(kw);
      expect([res.code, res.msg]).toEqual(['FFFF', en]);
      expect((await search(kw, 'zh-cn')).msg).toBe(zh);
    }
  });
});

describe('custom field operators: ids, bounds, none and refusals', () => {
  it('reads custom_field_<id>, >= and <=, none and *, and refuses an unknown field or a day that does not exist, en and zh-cn', async () => {
    const w = Math.random().toString(36).slice(2, 8);
    const price = await field({ field_type: 'decimal', title: `Price ${w}` });
    const renewal = await field({ field_type: 'date', title: `Renewal ${w}` });
    const area = await field({
      field_type: 'nested',
      title: `Area ${w}`,
      options: [{ name: 'Hardware::Printer' }, { name: 'None' }],
    });
    const serial = await field({ field_type: 'text', title: `Serial ${w}` });
    const vip = await field({ field_type: 'checkbox', title: `VIP ${w}` });
    const ticket = async (fields: Record<string, unknown>) => {
      const res = await create({ subject: `Bounds ${w}`, fields });
      expect(res.code, res.msg).toBe('0000');
      return res.data.ticket_id;
    };
    const a = await ticket({
      [key(price)]: 9.5,
      [key(renewal)]: '2026-01-31',
      [key(area)]: 'hardware::printer',
      [key(serial)]: 'SN 1',
      [key(vip)]: true,
    });
    const b = await ticket({ [key(price)]: 12.25, [key(renewal)]: '2026-02-01', [key(area)]: 'none' });
    const c = await ticket({ [key(price)]: 3 });
    const d = await ticket({});
    const found = async (kw: string) => {
      const res = await search(`Bounds ${w} ${kw}`);
      expect(res.code, `${kw}: ${res.msg}`).toBe('0000');
      return res.data.list.map((r) => r.ticket_id).sort((x, y) => x - y);
    };
    // Zendesk's name for a field by id, as well as the field's key.
    expect(await found(`custom_field_${price}:9.5`)).toEqual([a]);
    expect(await found(`CUSTOM_FIELD_${price}:>3`)).toEqual([a, b]);
    // Bounds included or not.
    expect(await found(`price_${w}:>=9.5`)).toEqual([a, b]);
    expect(await found(`price_${w}:>9.5`)).toEqual([b]);
    expect(await found(`price_${w}:<=9.5`)).toEqual([a, c]);
    expect(await found(`price_${w}:<9.5`)).toEqual([c]);
    expect(await found(`price_${w}:>=3 price_${w}:<=10`)).toEqual([a, c]);
    expect(await found(`renewal_${w}:>=2026-02-01`)).toEqual([b]);
    expect(await found(`renewal_${w}:<=2026-01-31`)).toEqual([a]);
    // No value at all, or any value; a quoted "none" (or an option so named) is the value itself.
    expect(await found(`renewal_${w}:none`)).toEqual([c, d]);
    expect(await found(`renewal_${w}:*`)).toEqual([a, b]);
    expect(await found(`serial_${w}:none`)).toEqual([b, c, d]);
    expect(await found(`serial_${w}:*`)).toEqual([a]);
    expect(await found(`area_${w}:none`)).toEqual([b]);
    expect(await found(`area_${w}:*`)).toEqual([a, b]);
    // A checkbox never set is false: "none" is no value it can have.
    expect(await found(`vip_${w}:false`)).toEqual([b, c, d]);
    expect(await found(`custom_field_${vip}:true`)).toEqual([a]);

    const refused: Array<[string, string, string]> = [
      [
        'custom_field_999999:printer',
        'The search knows no ticket field custom_field_999999; the fields are listed in the help beside the search box',
        '搜索中没有工单字段 custom_field_999999；可用的字段列在搜索框旁的说明中',
      ],
      [
        'field_999999:>5',
        'The search knows no ticket field field_999999; the fields are listed in the help beside the search box',
        '搜索中没有工单字段 field_999999；可用的字段列在搜索框旁的说明中',
      ],
      [
        `renewal_${w}:2026-02-30`,
        `The search does not know renewal_${w}:2026-02-30; use one of: 2026-01-31, >2026-01-31, >=2026-01-31, <2026-01-31, <=2026-01-31, none, *`,
        `搜索无法识别 renewal_${w}:2026-02-30，可用的值：2026-01-31, >2026-01-31, >=2026-01-31, <2026-01-31, <=2026-01-31, none, *`,
      ],
      [
        `price_${w}:>=`,
        `The search does not know price_${w}:>=; use one of: 5, >5, >=5, <5, <=5, none, *`,
        `搜索无法识别 price_${w}:>=，可用的值：5, >5, >=5, <5, <=5, none, *`,
      ],
      [
        `vip_${w}:none`,
        `The search does not know vip_${w}:none; use one of: true, false`,
        `搜索无法识别 vip_${w}:none，可用的值：true, false`,
      ],
    ];
    for (const [kw, en, zh] of refused) {
      const res = await search(kw);
      expect([res.code, res.msg], kw).toEqual(['FFFF', en]);
      expect((await search(kw, 'zh-cn')).msg).toBe(zh);
    }
  });

  it('is for staff only: an end user cannot search, by a field or otherwise; an agent searches every field', async () => {
    const w = Math.random().toString(36).slice(2, 8);
    // Not visible to customers.
    const internal = await field({ field_type: 'text', title: `Internal note ${w}`, customer_visible: false });
    const id = (await create({ subject: `Staff ${w}`, fields: { [key(internal)]: 'escalated twice' } })).data.ticket_id;
    const customer = await buildEndUser(db());
    // End users cannot sign in; a session left from before is refused like none.
    const token = await leftoverSession(db(), customer.accountId);
    const res = await search(`internal_note_${w}:escalated`, 'en', token);
    expect(res.code).toBe('0401');
    expect(res.data).toBeNull();
    const someone = await agent();
    const seen = await search(`Staff ${w} internal_note_${w}:"escalated twice"`, 'en', someone.token);
    expect(seen.code, seen.msg).toBe('0000');
    expect(seen.data.list.map((r) => r.ticket_id)).toEqual([id]);
  });
});
