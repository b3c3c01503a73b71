import type { TAssigneeActivity, TDashboard, TEfficiency } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app.js';
import { buildAgent, buildEndUser, buildGroup, buildRole, defaultPassword } from '../../../test/factories.js';
import { craftTicket, day } from '../../../test/report-kit.js';
import { admin, agent, db, edit, get, post, setUpTicketTests, t } from '../../../test/ticket-kit.js';
import { queryRows } from '../../db/rows.js';
import { rebuildBatches, resetReports } from './report.rollup.js';

setUpTicketTests();

describe('reports follow the writes', () => {
  it('shows a reply and a solve made through the API at once (same transaction)', async () => {
    const groupId = await buildGroup(db());
    const a = await agent({}, [groupId]);
    const added = await post<{ ticket_id: number }>(admin, 'ticket.add', {
      requester_email: `live-${Date.now()}@example.com`,
      subject: 'Printer on fire',
      comment: { body: '<p>Help</p>' },
      group_id: groupId,
    });
    expect(added.code).toBe('0000');
    const ticketId = added.data.ticket_id;
    const firstReplies = async () =>
      (await get<TEfficiency>(admin, 'report.efficiency.get', { group_id: groupId })).data.first_reply;
    expect((await firstReplies()).buckets.map((b) => b.count)).toEqual([1, 0, 0, 0, 0]);

    const replied = await edit(a.token, {
      ticket_id: ticketId,
      assignee_id: a.accountId,
      comment: { body: '<p>On it</p>', is_public: true },
    });
    expect(replied.code).toBe('0000');
    expect((await firstReplies()).buckets.map((b) => b.count)).toEqual([0, 1, 0, 0, 0]);

    expect((await edit(a.token, { ticket_id: ticketId, submit_as: 'solved' })).code).toBe('0000');
    const dash = (await get<TDashboard>(a.token, 'report.dashboard.get', { group_id: groupId })).data;
    expect([dash.created, dash.solved, dash.unsolved]).toEqual([1, 1, 0]);
    // Assigned with the reply: the agent's own solved ticket.
    expect(dash.mine).toEqual({ open: 0, pending: 0, solved: 1 });

    expect((await post(admin, 'ticket.delete', { ticket_ids: [ticketId] })).code).toBe('0000');
    expect((await firstReplies()).count).toBe(0);
  });

  it('rebuilds the report rows of existing tickets from the event log', async () => {
    const groupId = await buildGroup(db());
    const requesterId = (await buildEndUser(db())).accountId;
    const ticketId = await craftTicket(db(), { requesterId, groupId, createTs: Date.now() - day });
    await db().execute(sql`DELETE FROM report_ticket WHERE ticket_id = ${ticketId}`);
    await resetReports(db());
    while ((await rebuildBatches(db(), 10)) !== null) {
      // the next batches
    }
    const rows = await queryRows(db(), sql`SELECT ticket_id FROM report_ticket WHERE ticket_id = ${ticketId}`);
    expect(rows).toHaveLength(1);
    const [state] = await queryRows<{ version: number }>(db(), sql`SELECT version FROM report_state`);
    expect(Number(state?.version)).toBe(1);
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
      (await get<TEfficiency>(token, 'report.efficiency.get', { group_id: g })).data.first_reply.buckets[0]?.count;
    expect([await seen(admin, groupId), await seen(admin, other)]).toEqual([2, 1]);
    expect([await seen(own.token, groupId), await seen(own.token, other)]).toEqual([1, 0]);
    expect([await seen(member.token, groupId), await seen(member.token, other)]).toEqual([2, 0]);
  });

  it('refuses a report to an agent without its menu node', async () => {
    const plain = await agent();
    expect((await get<TAssigneeActivity>(plain.token, 'report.assignee.activity.get', {})).code).toBe('0403');
    // The default Agent role has the dashboard.
    expect((await get(plain.token, 'report.dashboard.get', {})).code).toBe('0000');
  });
});
