import { reportOps, ticketOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app.js';
import { buildAgent, buildEndUser, buildGroup, buildRole, defaultPassword } from '../../../test/factories.js';
import { admin, agent, api, db, setUpApp, t } from '../../../test/kit.js';
import { craftTicket, day } from '../../../test/report-kit.js';
import { queryRows } from '../../db/rows.js';
import { queueReportRebuildIfStale, resetReports } from './report.rollup.js';
import { compactSums } from './report.sums.js';

setUpApp({ ticketDefaults: true });

describe('reports follow the writes', () => {
  it('shows a reply and a solve made through the API at once (same transaction)', async () => {
    const groupId = await buildGroup(db());
    const a = await agent({}, [groupId]);
    const added = await api(ticketOps.add, {
      requester_email: `live-${Date.now()}@example.com`,
      subject: 'Printer on fire',
      comment: { body: '<p>Help</p>' },
      group_id: groupId,
    });
    expect(added.code).toBe('0000');
    const ticketId = added.data.ticket_id;
    const firstReplies = async () => (await api(reportOps.efficiency, { group_id: groupId })).data.first_reply;
    expect((await firstReplies()).buckets.map((b) => b.count)).toEqual([1, 0, 0, 0, 0]);

    const replied = await api(
      ticketOps.edit,
      {
        ticket_id: ticketId,
        assignee_id: a.accountId,
        comment: { body: '<p>On it</p>', is_public: true },
      },
      a.token,
    );
    expect(replied.code).toBe('0000');
    expect((await firstReplies()).buckets.map((b) => b.count)).toEqual([0, 1, 0, 0, 0]);

    expect((await api(ticketOps.edit, { ticket_id: ticketId, submit_as: 'solved' }, a.token)).code).toBe('0000');
    const dash = (await api(reportOps.dashboard, { group_id: groupId }, a.token)).data;
    expect([dash.created, dash.solved, dash.unsolved]).toEqual([1, 1, 0]);
    // Assigned with the reply: the agent's own solved ticket.
    expect(dash.mine).toEqual({ open: 0, pending: 0, solved: 1 });

    expect((await api(ticketOps.delete, { ticket_ids: [ticketId] })).code).toBe('0000');
    expect((await firstReplies()).count).toBe(0);
  });

  it('rebuilds the report rows of existing tickets from the event log, then the daily sums (the start-up job)', async () => {
    const groupId = await buildGroup(db());
    const requesterId = (await buildEndUser(db())).accountId;
    const ticketId = await craftTicket(db(), { requesterId, groupId, createTs: Date.now() - 40 * day });
    const unreplied = async () =>
      (await api(reportOps.efficiency, { group_id: groupId, time_range: '3m' })).data.first_reply.buckets[0]?.count;
    expect(await unreplied()).toBe(1);
    // As after an upgrade: the per-ticket rows to make again, the sums off (not kept, not read).
    await resetReports(db());
    await db().execute(sql`DELETE FROM report_ticket WHERE ticket_id = ${ticketId}`);
    expect(await unreplied()).toBe(0);
    expect(await queueReportRebuildIfStale(t.app.parley)).toBe(true);
    await t.app.parley.jobs.drain();
    const [state] = await queryRows<{ version: number; rollups: boolean }>(
      db(),
      sql`SELECT version, rollups FROM report_state`,
    );
    expect([Number(state?.version), state?.rollups]).toEqual([1, true]);
    expect(await queueReportRebuildIfStale(t.app.parley)).toBe(false);
    const [sums] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT sum(fr_none)::int AS n FROM report_created_day WHERE group_id = ${groupId} AND days = 1 AND tag = ''`,
    );
    expect(Number(sums?.n)).toBe(1);
    expect(await unreplied()).toBe(1);
  });

  it('merges the deltas that writes append (report.compact), the figures unchanged', async () => {
    const groupId = await buildGroup(db());
    const a = await agent({}, [groupId]);
    const added = await api(ticketOps.add, {
      requester_email: `merge-${Date.now()}@example.com`,
      subject: 'Merged',
      comment: { body: '<p>Help</p>' },
      group_id: groupId,
    });
    for (const body of ['<p>One</p>', '<p>Two</p>']) {
      expect(
        (await api(ticketOps.edit, { ticket_id: added.data.ticket_id, comment: { body, is_public: true } }, a.token))
          .code,
      ).toBe('0000');
    }
    const fresh = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            db(),
            sql`SELECT count(*)::int AS n FROM report_agent_day WHERE group_id = ${groupId} AND fresh`,
          )
        )[0]?.n,
      );
    const replies = async () => (await api(reportOps.assigneeActivity, { group_id: groupId })).data.list;
    const before = await replies();
    expect(before.map((r) => [r.agent_id, r.replies])).toEqual([[a.accountId, 2]]);
    expect(await fresh()).toBeGreaterThan(1);
    await compactSums(db());
    expect(await fresh()).toBe(0);
    expect(await replies()).toEqual(before);
  });
});

describe('who sees which figures', () => {
  async function reporter(ticketAccess: 'own' | 'groups', groupIds: number[]) {
    const a = await buildAgent(db(), { ticketAccess });
    await buildRole(db(), {
      nodes: [
        { type: 'menu', value: '/wswt/report/efficiency' },
        { type: 'menu', value: '/wswt/report/assignee_activity' },
      ],
      accountIds: [a.accountId],
    });
    for (const g of groupIds) {
      await db().execute(sql`INSERT INTO group_account (group_id, account_id) VALUES (${g}, ${a.accountId})`);
    }
    return { ...a, token: await signIn(t.app, a.email, defaultPassword) };
  }

  it('counts only the tickets an agent with ticket_access own or groups may see', async () => {
    const groupId = await buildGroup(db());
    const other = await buildGroup(db());
    const requesterId = (await buildEndUser(db())).accountId;
    const own = await reporter('own', []);
    const member = await reporter('groups', [groupId]);
    const createTs = Date.now() - day;
    await craftTicket(db(), { requesterId, groupId, createTs });
    await craftTicket(db(), { requesterId, groupId, createTs, assigneeId: own.accountId });
    await craftTicket(db(), { requesterId, groupId: other, createTs });
    const seen = async (token: string, g: number) =>
      (await api(reportOps.efficiency, { group_id: g }, token)).data.first_reply.buckets[0]?.count;
    expect([await seen(admin, groupId), await seen(admin, other)]).toEqual([2, 1]);
    expect([await seen(own.token, groupId), await seen(own.token, other)]).toEqual([1, 0]);
    expect([await seen(member.token, groupId), await seen(member.token, other)]).toEqual([2, 0]);
  });

  it('refuses a report to an agent without its menu node', async () => {
    const plain = await agent();
    expect((await api(reportOps.assigneeActivity, {}, plain.token)).code).toBe('0403');
    // The default Agent role has the dashboard.
    expect((await api(reportOps.dashboard, {}, plain.token)).code).toBe('0000');
  });
});
