import { slaOps, type TOpInput, ticketOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { agent, api, db, setUpApp, t } from '../../../test/kit.js';
import { submit, word } from '../../../test/rule-kit.js';
import { queryRows } from '../../db/rows.js';
import { recomputeBatch, runSlaRecompute, slaRecomputeQueue } from './sla.recompute.js';

setUpApp({ ticketDefaults: true });

const minute = 60_000;

const policies: number[] = [];
afterEach(async () => {
  if (policies.length) {
    await api(slaOps.policyDelete, { policy_ids: policies.splice(0) });
    await runJobs();
  }
});

const subjectHas = (w: string): TOpInput<typeof slaOps.policyAdd>['conditions'] => ({
  all: [{ field: 'subject', operator: 'contains', value: w }],
});
const slaOf = async (ticketId: number) => (await api(slaOps.ticketGet, { ticket_id: ticketId })).data;
const createdAt = async (ticketId: number) =>
  Number(
    (await queryRows<{ create_ts: string }>(db(), sql`SELECT create_ts FROM ticket WHERE ticket_id = ${ticketId}`))[0]
      ?.create_ts,
  );
/** What the job queue's worker does: every queued recompute, until none is left. */
async function runJobs() {
  let ran = 0;
  for (
    let n = await t.app.parley.jobs.runOnce(slaRecomputeQueue);
    n > 0;
    n = await t.app.parley.jobs.runOnce(slaRecomputeQueue)
  ) {
    ran += n;
  }
  return ran;
}

async function addPolicy(body: TOpInput<typeof slaOps.policyAdd>) {
  const res = await api(slaOps.policyAdd, body);
  expect(res.code, JSON.stringify(res)).toBe('0000');
  policies.push(res.data.policy_id);
  return res.data.policy_id;
}

describe('SLA policies: a save recomputes the open tickets’ targets (job)', () => {
  it('edit, add, reorder and delete move open tickets’ targets after the job; solved ones stay', async () => {
    const w = word();
    const policyA = await addPolicy({
      title: `A ${w}`,
      conditions: subjectHas(w),
      targets: { normal: { first_reply: 120 } },
    });
    await runJobs();
    const open = (await submit(`Open ${w}`)).data.ticket_id;
    const solved = (await submit(`Solved ${w}`)).data.ticket_id;
    const staff = await agent();
    expect(
      (
        await api(
          ticketOps.edit,
          { ticket_id: solved, submit_as: 'solved', comment: { body: 'Done', is_public: true } },
          staff.token,
        )
      ).code,
    ).toBe('0000');
    const created = await createdAt(open);
    expect(await slaOf(open)).toMatchObject({ metric: 'first_reply', due_ts: created + 120 * minute });
    // A solved ticket keeps what it has: marked here so that any write of the job would show.
    await db().execute(sql`UPDATE ticket SET sla_metric = 'resolution', sla_due_ts = 1 WHERE ticket_id = ${solved}`);

    // Edit: 30 minutes. The save answers before the tickets move; the job moves them.
    const edited = await api(slaOps.policyEdit, {
      policy_id: policyA,
      title: `A ${w}`,
      conditions: subjectHas(w),
      targets: { normal: { first_reply: 30 } },
    });
    expect(edited.code).toBe('0000');
    expect((await slaOf(open)).due_ts).toBe(created + 120 * minute);
    expect(await runJobs()).toBeGreaterThan(0);
    expect(await slaOf(open)).toMatchObject({ metric: 'first_reply', due_ts: created + 30 * minute });

    // Add a policy B that also matches: it is tried after A, so nothing moves; put first, it wins.
    const policyB = await addPolicy({
      title: `B ${w}`,
      conditions: subjectHas(w),
      targets: { normal: { resolution: 600 } },
    });
    await runJobs();
    expect((await slaOf(open)).policy_title).toBe(`A ${w}`);
    const all = (await api(slaOps.policyList, {})).data.list;
    const order = [policyB, ...all.map((p) => p.policy_id).filter((id) => id !== policyB)];
    expect((await api(slaOps.policyOrderEdit, { policy_ids: order })).code).toBe('0000');
    await runJobs();
    expect(await slaOf(open)).toMatchObject({
      policy_title: `B ${w}`,
      metric: 'resolution',
      due_ts: created + 600 * minute,
    });

    // Delete B: A again. Delete A too: no target.
    expect((await api(slaOps.policyDelete, { policy_ids: [policyB] })).code).toBe('0000');
    policies.splice(policies.indexOf(policyB), 1);
    await runJobs();
    expect(await slaOf(open)).toMatchObject({ policy_title: `A ${w}`, due_ts: created + 30 * minute });
    expect((await api(slaOps.policyDelete, { policy_ids: [policyA] })).code).toBe('0000');
    policies.splice(policies.indexOf(policyA), 1);
    await runJobs();
    expect(await slaOf(open)).toMatchObject({ metric: null, due_ts: null });

    const [kept] = await queryRows<{ sla_metric: string; sla_due_ts: string }>(
      db(),
      sql`SELECT sla_metric, sla_due_ts FROM ticket WHERE ticket_id = ${solved}`,
    );
    expect([kept?.sla_metric, Number(kept?.sla_due_ts)]).toEqual(['resolution', 1]);
  });

  it('switching a policy off takes its targets away after the job, switching it on gives them back', async () => {
    const w = word();
    const body = { title: `D ${w}`, conditions: subjectHas(w), targets: { normal: { resolution: 240 } } };
    const policy = await addPolicy(body);
    const open = (await submit(`Switch ${w}`)).data.ticket_id;
    const due = (await createdAt(open)) + 240 * minute;
    expect(await slaOf(open)).toMatchObject({ metric: 'resolution', due_ts: due });
    const off = await api(slaOps.policyEdit, { ...body, policy_id: policy, active: false });
    expect(off.code).toBe('0000');
    const listed = (await api(slaOps.policyList, {})).data.list;
    expect(listed.find((p) => p.policy_id === policy)?.active).toBe(false);
    await runJobs();
    expect(await slaOf(open)).toMatchObject({ metric: null, due_ts: null });
    // A new ticket does not get it either.
    const other = (await submit(`Switch again ${w}`)).data.ticket_id;
    expect((await slaOf(other)).metric).toBeNull();
    await api(slaOps.policyEdit, { ...body, policy_id: policy, active: true });
    await runJobs();
    expect(await slaOf(open)).toMatchObject({ metric: 'resolution', due_ts: due });
  });

  it('walks every open ticket in batches, writes only the targets that moved, and a newer save stops an older run', async () => {
    const w = word();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await submit(`Batch ${i} ${w}`)).data.ticket_id);
    }
    const policy = await addPolicy({
      title: `C ${w}`,
      conditions: subjectHas(w),
      targets: { high: { resolution: 60 } },
    });
    await runJobs();
    // Normal priority: this policy has no target for it.
    for (const id of ids) {
      expect((await slaOf(id)).metric).toBeNull();
    }
    await db().execute(sql`UPDATE ticket SET priority = 'high' WHERE ticket_id = ANY(${`{${ids.join(',')}}`}::int[])`);
    // Batches of two from just before the first: three batches move the five, the fourth finds the rest unchanged.
    let after = (ids[0] as number) - 1;
    let moved = 0;
    for (let i = 0; i < 3; i++) {
      const batch = await recomputeBatch(t.app.parley.db, after, Date.now(), 2);
      moved += batch.moved;
      after = batch.last ?? after;
    }
    expect(moved).toBe(5);
    for (const id of ids) {
      const sla = await slaOf(id);
      expect(sla.metric).toBe('resolution');
      expect(sla.due_ts).toBe((await createdAt(id)) + 60 * minute);
    }
    expect((await recomputeBatch(t.app.parley.db, (ids[0] as number) - 1, Date.now(), 5)).moved).toBe(0);

    // Two saves in a row: the first run sees a newer version and stops; the second covers all.
    const body = { policy_id: policy, title: `C ${w}`, conditions: subjectHas(w) };
    await api(slaOps.policyEdit, { ...body, targets: { high: { resolution: 90 } } });
    await api(slaOps.policyEdit, { ...body, targets: { high: { resolution: 45 } } });
    expect(await runJobs()).toBe(2);
    expect((await slaOf(ids[4] as number)).due_ts).toBe((await createdAt(ids[4] as number)) + 45 * minute);
  });

  it('two processes running the same recompute at once: every target right, each ticket written once', async () => {
    const w = word();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push((await submit(`Twice ${i} ${w}`)).data.ticket_id);
    }
    const body = { title: `E ${w}`, conditions: subjectHas(w), targets: { normal: { first_reply: 300 } } };
    const policy = await addPolicy(body);
    await runJobs();
    expect(
      (
        await api(slaOps.policyEdit, {
          ...body,
          policy_id: policy,
          targets: { normal: { first_reply: 20 } },
        })
      ).code,
    ).toBe('0000');
    const [row] = await queryRows<{ version: string }>(db(), sql`SELECT version FROM rule_version WHERE kind = 'sla'`);
    const job = { version: Number(row?.version), after: 0 };
    // What two server processes do when both take the job (a retry after a lost claim, say): the
    // second waits on the first's locked batch, then finds nothing left to move.
    const runs = await Promise.all([runSlaRecompute(t.app.parley, job), runSlaRecompute(t.app.parley, job)]);
    expect(runs.map((r) => r.done)).toEqual([true, true]);
    expect(runs[0].moved + runs[1].moved).toBe(ids.length);
    for (const id of ids) {
      expect(await slaOf(id)).toMatchObject({ metric: 'first_reply', due_ts: (await createdAt(id)) + 20 * minute });
    }
    // The queued job of the save finds nothing left to move either.
    expect(await recomputeBatch(t.app.parley.db, (ids[0] as number) - 1, Date.now(), 10)).toMatchObject({ moved: 0 });
  });
});
