import { automationOps, slaOps, type TOpInput, ticketOps, viewOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { agent, api, apiUntyped, db, setUpApp, t } from '../../../test/kit.js';
import { expectSumsExact } from '../../../test/report-kit.js';
import { addTrigger, deleteTriggers, submit, ticketRow, word } from '../../../test/rule-kit.js';
import { queryRows } from '../../db/rows.js';
import { explain } from '../ticket-search/ticket-list.repo.js';
import { breachCandidates, recordBreaches } from './sla.breach.js';

setUpApp({ ticketDefaults: true });

const minute = 60_000;

const policies: number[] = [];
const triggers: number[] = [];
const extra: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await deleteTriggers(triggers.splice(0));
  if (policies.length) {
    await api(slaOps.policyDelete, { policy_ids: policies.splice(0) });
  }
  for (const undo of extra.splice(0)) {
    await undo();
  }
});

async function addPolicy(body: TOpInput<typeof slaOps.policyAdd>) {
  const res = await api(slaOps.policyAdd, body);
  expect(res.code, JSON.stringify(res)).toBe('0000');
  policies.push(res.data.policy_id);
  return res.data.policy_id;
}

const subjectHas = (w: string): TOpInput<typeof slaOps.policyAdd>['conditions'] => ({
  all: [{ field: 'subject', operator: 'contains', value: w }],
});
const slaOf = async (ticketId: number) => (await api(slaOps.ticketGet, { ticket_id: ticketId })).data;
const breachEvents = (ticketId: number) =>
  queryRows<{ new_value: { metric: string; due_ts: number } }>(
    db(),
    sql`SELECT new_value FROM ticket_event WHERE ticket_id = ${ticketId} AND field = 'sla_breached' ORDER BY event_id`,
  );
const breach = (now: number) => recordBreaches(t.app.parley, now);

describe('SLA policies: settings', () => {
  it('are tried in the order set, refuse a policy without targets or with a trigger-only condition', async () => {
    const w = word();
    const a = await addPolicy({ title: `A ${w}`, conditions: subjectHas(w), targets: { normal: { resolution: 60 } } });
    const b = await addPolicy({ title: `B ${w}`, conditions: subjectHas(w), targets: { normal: { resolution: 30 } } });
    const list = async () =>
      (await api(slaOps.policyList, {})).data.list.map((p) => p.policy_id).filter((id) => id === a || id === b);
    expect(await list()).toEqual([a, b]);
    // The first matching policy sets the target: A's 60 minutes.
    const first = await submit(`Order ${w}`);
    expect((await slaOf(first.data.ticket_id)).due_ts).toBeGreaterThan(Date.now() + 55 * minute);

    const all = (await api(slaOps.policyList, {})).data.list;
    const others = all.map((p) => p.policy_id).filter((id) => id !== a && id !== b);
    const order = await api(slaOps.policyOrderEdit, { policy_ids: [...others, b, a] });
    expect(order.code).toBe('0000');
    expect(await list()).toEqual([b, a]);
    // B first now: a new ticket gets B's 30 minutes.
    const second = await submit(`Order again ${w}`);
    expect((await slaOf(second.data.ticket_id)).due_ts).toBeLessThan(Date.now() + 31 * minute);

    const partial = await api(slaOps.policyOrderEdit, { policy_ids: [a] });
    expect([partial.code, partial.fields]).toEqual(['FFFF', { policy_ids: expect.any(String) }]);
    const empty = await api(slaOps.policyAdd, { title: 'Nothing', conditions: {}, targets: {} });
    expect([empty.code, Object.keys(empty.fields)]).toEqual(['FFFF', ['targets']]);
    const misplaced = await api(slaOps.policyAdd, {
      title: 'Comment',
      conditions: { all: [{ field: 'comment_text', operator: 'contains', value: 'x' }] },
      targets: { normal: { first_reply: 10 } },
    });
    expect([misplaced.code, Object.keys(misplaced.fields)]).toEqual(['FFFF', ['conditions.all.0.field']]);
  });
});

describe('SLA breaches', () => {
  it('are recorded once per target by the job, run triggers on sla_breached, and clear when the next target starts', async () => {
    const w = word();
    const tag = `late-${w}`;
    await addPolicy({
      title: `Reply ${w}`,
      conditions: subjectHas(w),
      targets: { normal: { first_reply: 60, periodic_update: 120 } },
    });
    triggers.push(
      await addTrigger(
        `Breach ${w}`,
        {
          all: [
            { field: 'sla_breached', operator: 'changed_to', value: 'yes' },
            { field: 'subject', operator: 'contains', value: w },
          ],
        },
        [{ action: 'add_tags', value: [tag] }],
      ),
    );
    const start = Date.now();
    const ticketId = (await submit(`Printer down ${w}`)).data.ticket_id;
    expect(await slaOf(ticketId)).toMatchObject({ metric: 'first_reply', breached: false });

    // Not due yet: nothing happens (the job half an hour on).
    await breach(start + 30 * minute);
    expect(await breachEvents(ticketId)).toEqual([]);
    expect((await ticketRow(ticketId))?.tags).toEqual([]);

    // Created 61 minutes ago (as if): the next change sees the target passed, the job records it.
    await db().execute(sql`UPDATE ticket SET create_ts = create_ts - ${61 * minute} WHERE ticket_id = ${ticketId}`);
    const staff = await agent();
    await api(ticketOps.edit, { ticket_id: ticketId, priority: 'normal', tags: ['vip'] }, staff.token);
    expect((await slaOf(ticketId)).due_ts).toBeLessThan(Date.now());
    await breach(Date.now());
    const events = await breachEvents(ticketId);
    expect(events.map((e) => e.new_value.metric)).toEqual(['first_reply']);
    // The trigger on sla_breached ran on the breach.
    expect((await ticketRow(ticketId))?.tags).toEqual(['vip', tag]);
    expect(await slaOf(ticketId)).toMatchObject({ metric: 'first_reply', breached: true });

    // The job again, or another change while the same target is still due: no second event.
    await breach(Date.now());
    await api(ticketOps.edit, { ticket_id: ticketId, tags: ['vip', tag, 'printer'] }, staff.token);
    await breach(Date.now());
    expect((await breachEvents(ticketId)).length).toBe(1);
    expect((await slaOf(ticketId)).breached).toBe(true);

    // The first public reply ends that target: the periodic update is next, not breached.
    await api(
      ticketOps.edit,
      { ticket_id: ticketId, comment: { body: 'Looking into it', is_public: true } },
      staff.token,
    );
    const next = await slaOf(ticketId);
    expect(next).toMatchObject({ metric: 'periodic_update', breached: false });
    expect(next.due_ts).toBeGreaterThan(Date.now() + 119 * minute);
    // When that one passes too, it is a breach of its own.
    await breach(Date.now() + 121 * minute);
    expect((await breachEvents(ticketId)).map((e) => e.new_value.metric)).toEqual(['first_reply', 'periodic_update']);
  });

  it('marks the due tickets of a batch together: one event each, each its own triggers, the targets a trigger moved computed again', async () => {
    const w = word();
    await addPolicy({
      title: `Batch ${w}`,
      conditions: subjectHas(w),
      targets: { normal: { first_reply: 60 }, urgent: { first_reply: 600 } },
    });
    // On a breached VIP ticket: urgent (its target moves ahead); that change fires the next trigger.
    triggers.push(
      await addTrigger(
        `Escalate ${w}`,
        {
          all: [
            { field: 'sla_breached', operator: 'changed_to', value: 'yes' },
            { field: 'subject', operator: 'contains', value: `${w}-vip` },
          ],
        },
        [{ action: 'set_priority', value: 'urgent' }],
      ),
      await addTrigger(
        `Flag ${w}`,
        {
          all: [
            { field: 'priority', operator: 'changed_to', value: 'urgent' },
            { field: 'subject', operator: 'contains', value: w },
          ],
        },
        [{ action: 'add_tags', value: [`urgent-${w}`] }],
      ),
    );
    const ids: number[] = [];
    for (const name of ['a', 'vip', 'b', 'c']) {
      ids.push((await submit(`Late ${w}-${name}`)).data.ticket_id);
    }
    const [plain, vip] = ids as [number, number];
    const dueBefore = (await slaOf(plain)).due_ts ?? 0;

    // All four due at once: one run marks them all.
    expect(await breach(Date.now() + 61 * minute)).toBe(4);
    for (const id of ids) {
      expect(
        (await breachEvents(id)).map((e) => e.new_value.metric),
        String(id),
      ).toEqual(['first_reply']);
    }
    // The VIP ticket's triggers ran (one after the other), and only on it: its urgent target is
    // ten hours from its creation, not breached; the others keep theirs, breached.
    expect(await ticketRow(vip)).toMatchObject({ priority: 'urgent', tags: [`urgent-${w}`] });
    const moved = await slaOf(vip);
    expect(moved).toMatchObject({ metric: 'first_reply', breached: false });
    expect(moved.due_ts).toBeGreaterThan(Date.now() + 590 * minute);
    for (const id of ids.filter((id) => id !== vip)) {
      expect(await ticketRow(id), String(id)).toMatchObject({ priority: 'normal', tags: [] });
      expect(await slaOf(id), String(id)).toMatchObject({ metric: 'first_reply', breached: true });
    }
    expect((await slaOf(plain)).due_ts).toBe(dueBefore);
    // Each ticket's history: the breach, then what the triggers did after it.
    const fields = await queryRows<{ field: string }>(
      db(),
      sql`SELECT field FROM ticket_event WHERE ticket_id = ${vip} ORDER BY event_id`,
    );
    const since = fields.map((f) => f.field);
    expect(since.slice(since.indexOf('sla_breached'))).toEqual(['sla_breached', 'rule', 'priority', 'rule', 'tags']);
    // The reports counted the breaches as the per-ticket rows do.
    await expectSumsExact(db());
    // Nothing left due: a second run marks none.
    expect(await breach(Date.now() + 61 * minute)).toBe(0);
  });

  it('SLA targets paused while pending where configured', async () => {
    const w = word();
    await addPolicy({
      title: `Paused ${w}`,
      conditions: { all: [{ field: 'subject', operator: 'contains', value: `${w}-paused` }] },
      targets: { normal: { first_reply: 60 } },
      pause_pending: true,
    });
    await addPolicy({
      title: `Running ${w}`,
      conditions: { all: [{ field: 'subject', operator: 'contains', value: `${w}-running` }] },
      targets: { normal: { first_reply: 60 } },
      pause_pending: false,
    });
    const start = Date.now();
    const paused = (await submit(`Invoice ${w}-paused`)).data.ticket_id;
    const running = (await submit(`Invoice ${w}-running`)).data.ticket_id;
    const staff = await agent();
    for (const id of [paused, running]) {
      await api(
        ticketOps.edit,
        { ticket_id: id, submit_as: 'pending', comment: { body: 'Asked', is_public: false } },
        staff.token,
      );
    }
    const p = await slaOf(paused);
    expect(p).toMatchObject({ metric: 'first_reply', due_ts: null, breached: false });
    expect(p.paused_left).toBeGreaterThanOrEqual(59);
    expect((await slaOf(running)).due_ts).toBeLessThanOrEqual(start + 61 * minute);

    // Two hours on, still pending: the paused one never breaches, the other does.
    await breach(start + 120 * minute);
    expect(await breachEvents(paused)).toEqual([]);
    expect((await breachEvents(running)).length).toBe(1);
    expect((await slaOf(paused)).breached).toBe(false);
    expect((await slaOf(running)).breached).toBe(true);
  });

  it("automations' hours_until_sla_breach and views' SLA condition, column and sort see the next breach", async () => {
    const w = word();
    await addPolicy({
      title: `Soon ${w}`,
      conditions: subjectHas(`${w}-soon`),
      targets: { normal: { resolution: 60 } },
    });
    await addPolicy({
      title: `Later ${w}`,
      conditions: subjectHas(`${w}-later`),
      targets: { normal: { resolution: 600 } },
    });
    const soon = (await submit(`Outage ${w}-soon`)).data.ticket_id;
    const later = (await submit(`Outage ${w}-later`)).data.ticket_id;
    const none = (await submit(`Outage ${w}-none`)).data.ticket_id;

    const tag = `due-${w}`;
    const auto = await api(automationOps.add, {
      title: `Due soon ${w}`,
      conditions: {
        all: [
          { field: 'hours_until_sla_breach', operator: 'less_than', value: 2 },
          { field: 'subject', operator: 'contains', value: w },
          { field: 'tags', operator: 'excludes', value: [tag] },
        ],
      },
      actions: [{ action: 'add_tags', value: [tag] }],
    });
    expect(auto.code, JSON.stringify(auto)).toBe('0000');
    extra.push(() => api(automationOps.delete, { automation_ids: [auto.data.automation_id] }));
    await t.app.runAutomations();
    expect((await ticketRow(soon))?.tags).toEqual([tag]);
    expect((await ticketRow(later))?.tags).toEqual([]);
    expect((await ticketRow(none))?.tags).toEqual([]);

    const view = await api(viewOps.add, {
      title: `SLA ${w}`,
      columns: ['ticket_id', 'subject', 'sla_due'],
      sort: 'sla_due_ts',
      conditions: {
        all: [
          { field: 'hours_until_sla_breach', operator: 'less_than', value: 24 },
          { field: 'tags', operator: 'not_includes', value: 'nothing' },
        ],
      },
    });
    expect(view.code, JSON.stringify(view)).toBe('0000');
    extra.push(() => api(viewOps.delete, { view_ids: [view.data.view_id] }));
    const listed = await api(ticketOps.list, { view_id: view.data.view_id, kw: w, limit: 50 });
    expect(listed.code).toBe('0000');
    const mine = listed.data.list.filter((r) => [soon, later, none].includes(r.ticket_id));
    expect(mine.map((r) => r.ticket_id)).toEqual([soon, later]);
    expect(mine[0]?.sla_metric).toBe('resolution');
    expect(mine[0]?.sla_due_ts).toBeLessThan(mine[1]?.sla_due_ts ?? 0);
    // Sorted by the next breach without a condition: targets soonest first, tickets without one last.
    const sorted = await api(ticketOps.list, { kw: w, sort: 'sla_due_ts', limit: 50 });
    expect(sorted.data.list.map((r) => r.ticket_id)).toEqual([soon, later, none]);
    const overdue = await apiUntyped(viewOps.add, {
      title: 'Bad',
      columns: ['ticket_id'],
      conditions: { all: [{ field: 'hours_until_sla_breach', operator: 'less_than', value: 'soon' }] },
    });
    expect(overdue.code).toBe('FFFF');
  });

  it('the job finds due tickets through its partial index, never scanning the tickets', async () => {
    type Node = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: Node[] };
    const walk = (n: Node): Node[] => [n, ...(n.Plans ?? []).flatMap(walk)];
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return (await explain(tx, breachCandidates(Date.now()))) as unknown as Node;
    });
    const nodes = walk(plan);
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'])).toEqual([]);
    expect(nodes.map((n) => n['Index Name']).filter(Boolean)).toEqual(['ticket_sla_unbreached_idx']);
  });
});
