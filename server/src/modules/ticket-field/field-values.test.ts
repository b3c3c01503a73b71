import { fieldOps, formOps, type TOpInput, ticketOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { callOp } from '../../../test/app.js';
import { harmlessDefaultForm } from '../../../test/field-kit.js';
import { admin, api, db, setUpApp, t } from '../../../test/kit.js';
import { queryRows } from '../../db/rows.js';

setUpApp({ ticketDefaults: true });

async function field(body: TOpInput<typeof fieldOps.add>) {
  const res = await api(fieldOps.add, body);
  expect(res.code, res.msg).toBe('0000');
  return res.data.field_id;
}

let category: number;
let count: number;
let code: number;
let due: number;
let vip: number;
let topics: number;
let cause: number;
let formId: number;
const key = (id: number) => `field_${id}`;

beforeAll(async () => {
  await harmlessDefaultForm();
  category = await field({
    field_type: 'nested',
    title: 'Category',
    options: [{ name: 'Hardware::Printer' }, { name: 'Hardware::Scanner' }, { name: 'Software' }],
  });
  count = await field({ field_type: 'number', title: 'Seats' });
  code = await field({ field_type: 'regex', title: 'Asset code', regex_pattern: '[A-Z]{3}-\\d{4}' });
  due = await field({ field_type: 'date', title: 'Due date' });
  vip = await field({ field_type: 'checkbox', title: 'VIP' });
  topics = await field({
    field_type: 'multiselect',
    title: 'Topics',
    options: [{ name: 'Billing' }, { name: 'Login' }],
  });
  cause = await field({ field_type: 'text', title: 'Root cause', required_to_solve: true, has_default: false });
  // Not the default form: other test files share the database and create tickets without a form.
  const res = await api(formOps.add, {
    form_name: `Values ${Date.now()}`,
    field_ids: [category, count, code, due, vip, topics, cause],
    conditions: [{ parent_field_id: vip, value: true, child_field_ids: [cause] }],
  });
  formId = res.data.form_id;
});

const create = (extra: Record<string, unknown>) =>
  api(ticketOps.add, {
    requester_email: `fv${Math.random().toString(36).slice(2)}@example.com`,
    subject: 'Printer on fire',
    comment: { body: 'Help' },
    form_id: formId,
    ...extra,
  });

describe('custom field values on tickets', () => {
  it('checks a value against a pattern that backtracks for minutes in a browser in a moment; refuses look-around', async () => {
    const nested = await field({ field_type: 'regex', title: `Runaway ${Date.now()}`, regex_pattern: '(a+)+' });
    const form = await api(formOps.add, { form_name: `Runaway ${Date.now()}`, field_ids: [nested], conditions: [] });
    expect(form.code).toBe('0000');
    // 30 "a"s and a "!": a backtracking engine tries every way to split the "a"s (2^30) before failing.
    const started = Date.now();
    const res = await create({ form_id: form.data.form_id, fields: { [key(nested)]: `${'a'.repeat(30)}!` } });
    expect([res.code, res.data]).toEqual(['FFFF', { fields: { [key(nested)]: 'Does not match the required format' } }]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await create({ form_id: form.data.form_id, fields: { [key(nested)]: 'aaaa' } })).code).toBe('0000');
    // What the server cannot match in linear time is refused when the field is saved.
    const lookahead = await api(fieldOps.add, { field_type: 'regex', title: 'Look', regex_pattern: '(?=a)a' });
    expect([lookahead.code, Object.keys((lookahead.data as unknown as { fields: object }).fields)]).toEqual([
      'FFFF',
      ['regex_pattern'],
    ]);
    // What only RE2 reads is refused too: the browser checks the public form with its own engine.
    for (const pattern of ['(?i)abc', '[[:digit:]]+', '\\pN+', '(?P<x>a)']) {
      const res = await api(fieldOps.add, {
        field_type: 'regex',
        title: `Only RE2 ${pattern}`,
        regex_pattern: pattern,
      });
      expect([pattern, res.code]).toEqual([pattern, 'FFFF']);
    }
    // One stored before (the browser's engine took it) checks nothing rather than refusing every customer.
    await db().execute(sql`UPDATE ticket_field SET regex_pattern = '(?=b)b+' WHERE field_id = ${nested}`);
    expect((await create({ form_id: form.data.form_id, fields: { [key(nested)]: 'anything' } })).code).toBe('0000');
  });

  it('an agent sets values of every type; the ticket, its history and the value table hold them', async () => {
    const res = await create({
      fields: {
        [key(category)]: 'hardware::printer',
        [key(count)]: 12,
        [key(code)]: 'ABC-1234',
        [key(due)]: '2026-12-24',
        [key(topics)]: ['login', 'billing'],
      },
    });
    expect(res.code, res.msg).toBe('0000');
    const id = res.data.ticket_id;
    const ticket = (await api(ticketOps.get, { ticket_id: id })).data;
    expect(ticket.form_id).toBe(formId);
    expect(ticket.fields).toEqual({
      [key(category)]: 'hardware::printer',
      [key(count)]: 12,
      [key(code)]: 'ABC-1234',
      [key(due)]: '2026-12-24',
      // In the order of the field's options.
      [key(topics)]: ['billing', 'login'],
    });
    const rows = await queryRows<{ field_id: number; value_text: string | null; value_num: string | null }>(
      db(),
      sql`SELECT field_id, value_text, value_num::text AS value_num FROM ticket_field_value WHERE ticket_id = ${id} ORDER BY field_id, value_text`,
    );
    expect(rows.map((r) => [r.field_id, r.value_text, r.value_num === null ? null : Number(r.value_num)])).toEqual(
      [
        [category, 'hardware::printer', null],
        [count, null, 12],
        [code, 'ABC-1234', null],
        [due, '2026-12-24', null],
        [topics, 'billing', null],
        [topics, 'login', null],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );

    // Edit: one field changes, one is cleared, the others keep their values; one history entry each.
    const edited = await api(ticketOps.edit, {
      ticket_id: id,
      fields: { [key(category)]: 'hardware::scanner', [key(count)]: null, [key(vip)]: false },
    });
    expect(edited.code, edited.msg).toBe('0000');
    expect(edited.data.fields).toMatchObject({
      [key(category)]: 'hardware::scanner',
      [key(vip)]: false,
      [key(code)]: 'ABC-1234',
    });
    expect(edited.data.fields).not.toHaveProperty(key(count));
    const events = (await api(ticketOps.events, { ticket_id: id })).data.list;
    const fieldEvents = events
      .filter((e) => e.field.startsWith('field_'))
      .map((e) => [e.field, e.old_value, e.new_value]);
    expect(fieldEvents).toEqual(
      expect.arrayContaining([
        [key(category), null, 'hardware::printer'],
        [key(category), 'hardware::printer', 'hardware::scanner'],
        [key(count), 12, null],
        [key(vip), null, false],
      ]),
    );
    const after = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM ticket_field_value WHERE ticket_id = ${id} AND field_id = ${count}`,
    );
    expect(after[0]?.n).toBe(0);
  });

  it('refuses values that do not fit their field, naming the field, in both languages; nothing is written', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ [key(category)]: 'hardware' }, 'Category: invalid value', 'Category：值无效'],
      [{ [key(count)]: 1.5 }, 'Seats: invalid value', 'Seats：值无效'],
      [{ [key(code)]: 'abc-12' }, 'Asset code does not match the required format', 'Asset code 不符合要求的格式'],
      [{ [key(due)]: '2026-02-31x' }, 'Due date: invalid value', 'Due date：值无效'],
      // A day the calendar does not have (Date.parse reads it as 3 March).
      [{ [key(due)]: '2026-02-31' }, 'Due date: invalid value', 'Due date：值无效'],
      [{ [key(vip)]: 'yes' }, 'VIP: invalid value', 'VIP：值无效'],
      [{ [key(topics)]: ['nope'] }, 'Topics: invalid value', 'Topics：值无效'],
      [{ field_99999999: 'x' }, 'No ticket field has this key', '没有该工单字段'],
    ];
    for (const [fields, en, zh] of cases) {
      const res = await create({ subject: 'refused', fields });
      expect([res.code, res.msg], JSON.stringify(fields)).toEqual(['FFFF', en]);
      expect(Object.keys(res.fields)).toEqual(Object.keys(fields));
      // The same refused values, in Chinese: outside the input's types on purpose, as apiUntyped's are.
      const input = {
        requester_email: 'zh@example.com',
        subject: 'refused',
        comment: { body: 'x' },
        form_id: formId,
        fields,
      };
      const resZh = await callOp(t.app, ticketOps.add, input as TOpInput<typeof ticketOps.add>, {
        token: admin,
        lang: 'zh-cn',
      });
      expect(resZh.msg).toBe(zh);
    }
    const written = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM ticket WHERE subject = 'refused'`,
    );
    expect(written[0]?.n).toBe(0);
  });

  it('"required to solve": solving needs the field while the form shows it', async () => {
    const id = (await create({ fields: { [key(vip)]: true } })).data.ticket_id;
    const refused = await api(ticketOps.edit, { ticket_id: id, submit_as: 'solved' });
    expect([refused.code, refused.msg, refused.data]).toEqual([
      'FFFF',
      'Root cause is required to solve the ticket',
      { fields: { [key(cause)]: 'This field is required' } },
    ]);
    expect((await api(ticketOps.get, { ticket_id: id })).data.ticket_state).not.toBe('solved');
    const solved = await api(ticketOps.edit, {
      ticket_id: id,
      submit_as: 'solved',
      fields: { [key(cause)]: 'Paper jam' },
    });
    expect([solved.code, solved.data.ticket_state]).toEqual(['0000', 'solved']);
    // While VIP is off, the form hides Root cause: nothing is required.
    const plain = (await create({ fields: {} })).data.ticket_id;
    expect((await api(ticketOps.edit, { ticket_id: plain, submit_as: 'solved' })).code).toBe('0000');
  });

  it('lists filter, sort and show columns by a custom field, and search finds its words', async () => {
    const tag = `t${Date.now()}`;
    const ids: number[] = [];
    for (const [cat, seats] of [
      ['hardware::printer', 3],
      ['software', 1],
      ['hardware::scanner', 2],
    ] as const) {
      ids.push(
        (await create({ subject: `${tag} list`, fields: { [key(category)]: cat, [key(count)]: seats } })).data
          .ticket_id,
      );
    }
    ids.push((await create({ subject: `${tag} list`, fields: {} })).data.ticket_id);
    const list = (q: Record<string, unknown>) => api(ticketOps.list, { kw: tag, ...q });
    const byValue = await list({ field_id: category, field_value: 'software' });
    expect(byValue.data.list.map((r) => r.ticket_id)).toEqual([ids[1]]);
    expect(byValue.data.list[0]?.fields).toMatchObject({ [key(category)]: 'software', [key(count)]: 1 });
    const bySeats = await list({ field_id: count, field_value: '2' });
    expect(bySeats.data.list.map((r) => r.ticket_id)).toEqual([ids[2]]);
    const sorted = await list({ field_sort: key(count) });
    // Smallest first; the ticket without a value last.
    expect(sorted.data.list.map((r) => r.ticket_id)).toEqual([ids[1], ids[2], ids[0], ids[3]]);
    const desc = await list({ field_sort: `-${key(category)}` });
    expect(desc.data.list.map((r) => r.ticket_id)).toEqual([ids[1], ids[2], ids[0], ids[3]]);
    const paged = await list({ field_sort: key(count), offset: 2, limit: 1 });
    expect(paged.data.list.map((r) => r.ticket_id)).toEqual([ids[0]]);
    const tail = await list({ field_sort: key(count), offset: 3, limit: 5 });
    expect(tail.data.list.map((r) => r.ticket_id)).toEqual([ids[3]]);
    expect((await list({ field_sort: key(topics) })).code).toBe('FFFF');
    // The option's name is searchable.
    const found = await api(ticketOps.list, { kw: `${tag} scanner` });
    expect(found.data.list.map((r) => r.ticket_id)).toEqual([ids[2]]);
  });

  it("a new subject keeps the words of the ticket's field values in search", async () => {
    const tag = `s${Date.now()}`;
    const made = await create({
      subject: `${tag} before`,
      fields: { [key(category)]: 'hardware::scanner', [key(code)]: 'ZQX-4242' },
    });
    const id = made.data.ticket_id;
    const edited = await api(ticketOps.edit, { ticket_id: id, subject: `${tag} renamed` });
    expect(edited.code, edited.msg).toBe('0000');
    const search = async (kw: string) => (await api(ticketOps.list, { kw })).data.list.map((r) => r.ticket_id);
    // The new subject's words are found, the old ones are gone, the field's words stay.
    expect(await search(`${tag} renamed`)).toEqual([id]);
    expect(await search(`${tag} before`)).toEqual([]);
    expect(await search(`${tag} scanner`)).toEqual([id]);
    expect(await search(`${tag} zqx`)).toEqual([id]);
  });
});
