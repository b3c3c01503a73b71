import { type TTicketAbilities, ticketOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app.js';
import { buildAgent, buildGroup, buildRole, buildTicket, defaultPassword } from '../../../test/factories.js';
import { admin, agent, api, db, setUpApp, t, withSettings } from '../../../test/kit.js';
import { queryRows } from '../../db/rows.js';
import { accessFilter } from '../ticket-search/ticket-list.repo.js';
import { maySeeTicket, type viewerOf } from './ticket.policy.js';

setUpApp({ ticketDefaults: true });

type Who = { token: string; accountId: number };
const abilitiesOf = async (who: Who, ticketId: number) =>
  (await api(ticketOps.get, { ticket_id: ticketId }, who.token)).data.abilities;

/** Tries each action on a fresh ticket: what the server answers is the truth abilities must tell. */
async function serverSays(who: Who, otherAgentId: number, assigneeId: number | null = null) {
  const fresh = async (deleted = false) => {
    const { ticketId } = await buildTicket(db(), { assigneeId });
    if (deleted) {
      await api(ticketOps.delete, { ticket_ids: [ticketId] });
    }
    return ticketId;
  };
  const ok = async (p: Promise<{ code: string }>) => (await p).code === '0000';
  const note = { body: '<p>x</p>', is_public: false };
  return {
    edit: await ok(api(ticketOps.edit, { ticket_id: await fresh(), comment: note }, who.token)),
    reply_publicly: await ok(
      api(ticketOps.edit, { ticket_id: await fresh(), comment: { ...note, is_public: true } }, who.token),
    ),
    close: await ok(api(ticketOps.edit, { ticket_id: await fresh(), submit_as: 'closed' }, who.token)),
    reassign: await ok(api(ticketOps.edit, { ticket_id: await fresh(), assignee_id: otherAgentId }, who.token)),
    delete: await ok(api(ticketOps.delete, { ticket_ids: [await fresh()] }, who.token)),
    restore: await ok(api(ticketOps.restore, { ticket_ids: [await fresh(true)] }, who.token)),
    spam: await ok(api(ticketOps.spam, { ticket_id: await fresh() }, who.token)),
  } satisfies TTicketAbilities;
}

/** What `ticket.get` says for a live ticket, and `restore` read on a deleted one. */
async function offered(who: Who, assigneeId: number | null = null): Promise<TTicketAbilities> {
  const live = (await buildTicket(db(), { assigneeId })).ticketId;
  const gone = (await buildTicket(db(), { assigneeId })).ticketId;
  await api(ticketOps.delete, { ticket_ids: [gone] });
  const onLive = await abilitiesOf(who, live);
  const onDeleted = await abilitiesOf(who, gone);
  expect(onDeleted).toMatchObject({ edit: false, delete: false, spam: false });
  return { ...onLive, restore: onDeleted.restore };
}

describe('ticket abilities tell what the server then allows', () => {
  it('admin, default agent, notes-only agent, agent who may not close, agent without nodes', async () => {
    const other = await buildAgent(db());
    const adminWho = { token: admin, accountId: 0 };
    const cases: Array<[string, Who]> = [
      ['admin', adminWho],
      ['default agent', await agent()],
      ['notes only', await agent({ replyAccess: 'internal' })],
      ['may not close', await agent({ canCloseTicket: false })],
    ];
    const bare = await buildAgent(db());
    await buildRole(db(), {
      nodes: [{ type: 'menu', value: '/wswt/ticket/edit/:ticket_id' }],
      accountIds: [bare.accountId],
    });
    cases.push(['read-only agent', { ...bare, token: await signIn(t.app, bare.email, defaultPassword) }]);
    for (const [name, who] of cases) {
      const said = await offered(who);
      const done = await serverSays(who, other.accountId);
      expect({ name, ...said }).toEqual({ name, ...done });
    }
  }, 90_000);

  it('allow_reassign off: only the assignee or an admin may reassign', async () => {
    const owner = await agent();
    const bystander = await agent();
    await withSettings({ allow_reassign: false }, async () => {
      expect((await offered(bystander, owner.accountId)).reassign).toBe(false);
      expect((await serverSays(bystander, bystander.accountId, owner.accountId)).reassign).toBe(false);
      expect((await offered(owner, owner.accountId)).reassign).toBe(true);
      expect((await serverSays(owner, bystander.accountId, owner.accountId)).reassign).toBe(true);
    });
  }, 60_000);

  it('a closed ticket: nothing to edit (the server refuses every change), but it may be deleted or spammed', async () => {
    const closed = async () => (await buildTicket(db(), { state: 'closed' })).ticketId;
    const ticketId = await closed();
    expect(await abilitiesOf({ token: admin, accountId: 0 }, ticketId)).toEqual({
      edit: false,
      reply_publicly: false,
      close: false,
      reassign: false,
      delete: true,
      restore: false,
      spam: true,
    });
    for (const change of [{ comment: { body: '<p>x</p>', is_public: false } }, { tags: ['x'] }, { follower_ids: [] }]) {
      const res = await api(ticketOps.edit, { ticket_id: ticketId, ...change });
      expect([res.code, res.msg]).toEqual(['FFFF', 'This ticket is closed and can no longer be changed']);
    }
    expect((await api(ticketOps.delete, { ticket_ids: [ticketId] })).code).toBe('0000');
    expect((await api(ticketOps.spam, { ticket_id: await closed() })).code).toBe('0000');
  });

  it('the answer to ticket.edit carries the abilities after the change', async () => {
    const { ticketId } = await buildTicket(db());
    const res = await api(ticketOps.edit, { ticket_id: ticketId, priority: 'high' });
    expect(res.data.abilities).toMatchObject({ edit: true, close: true });
  });
});

describe('the policy function and the list SQL agree on who sees which ticket', () => {
  it('for every access kind, against assigned, grouped and unrelated tickets', async () => {
    const group = await buildGroup(db());
    const otherGroup = await buildGroup(db());
    const me = await buildAgent(db());
    const someone = await buildAgent(db());
    const tickets = [
      await buildTicket(db(), { assigneeId: me.accountId }),
      await buildTicket(db(), { groupId: group }),
      await buildTicket(db(), { groupId: otherGroup }),
      await buildTicket(db(), { assigneeId: someone.accountId, groupId: group }),
      await buildTicket(db(), {}),
    ].map((x) => x.ticketId);
    const rows = await queryRows<{ ticket_id: number; assignee_id: number | null; group_id: number | null }>(
      db(),
      sql`SELECT ticket_id, assignee_id, group_id FROM ticket WHERE ticket_id IN (${sql.join(tickets, sql`, `)})`,
    );
    const viewers: ReturnType<typeof viewerOf>[] = [];
    for (const userType of ['admin', 'agent'] as const) {
      for (const ticketAccess of ['all', 'groups', 'own'] as const) {
        for (const groupIds of [[], [group]]) {
          viewers.push({ accountId: me.accountId, userType, ticketAccess, groupIds });
        }
      }
    }
    for (const viewer of viewers) {
      const filter = accessFilter(viewer);
      const bySql = await queryRows<{ ticket_id: number }>(
        db(),
        sql`SELECT ticket_id FROM ticket WHERE ticket_id IN (${sql.join(tickets, sql`, `)}) ${filter ? sql`AND ${filter}` : sql``} ORDER BY ticket_id`,
      );
      const byPolicy = rows
        .filter((r) => maySeeTicket(viewer, { assigneeId: r.assignee_id, groupId: r.group_id }))
        .map((r) => r.ticket_id)
        .sort((a, b) => a - b);
      expect({ viewer, ids: bySql.map((r) => Number(r.ticket_id)) }).toEqual({ viewer, ids: byPolicy });
    }
  });
});
