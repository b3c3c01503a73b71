import { accountOps, authOps, ticketOps } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  buildAgent,
  buildEndUser,
  buildGroup,
  buildRole,
  buildTicket,
  leftoverSession,
} from '../../../test/factories.js';
import { agent, api, db, setUpApp } from '../../../test/kit.js';
import { eventsOf } from '../../../test/reads.js';
import { account, session, ticket } from '../../db/schema/index.js';

setUpApp({ ticketDefaults: true });

describe('delete, restore and spam', () => {
  it('delete moves tickets to Deleted tickets and restore brings them back; both are events', async () => {
    const { ticketId } = await buildTicket(db());
    expect((await api(ticketOps.delete, { ticket_ids: [ticketId] })).code).toBe('0000');
    const got = await api(ticketOps.get, { ticket_id: ticketId });
    expect(got.data.is_deleted).toBe(true);
    const refused = await api(ticketOps.edit, { ticket_id: ticketId, priority: 'low' });
    expect(refused.msg).toBe('This ticket is deleted; restore it first');
    expect((await api(ticketOps.restore, { ticket_ids: [ticketId] })).msg).toBe('Successfully restored');
    expect((await api(ticketOps.get, { ticket_id: ticketId })).data.is_deleted).toBe(false);
    const deletedEvents = (await eventsOf(ticketId)).filter((e) => e.field === 'deleted');
    expect(deletedEvents.map((e) => e.newValue)).toEqual([true, false]);
  });

  it('an agent without the delete node gets 0403', async () => {
    const a = await agent();
    const { ticketId } = await buildTicket(db());
    expect((await api(ticketOps.delete, { ticket_ids: [ticketId] }, a.token)).code).toBe('0403');
  });

  it('spam suspends the requester (their sessions end) and deletes their tickets; restoring plus allowing undoes it', async () => {
    const spammer = await buildEndUser(db());
    const spammerToken = await leftoverSession(db(), spammer.accountId);
    const one = await buildTicket(db(), { requesterId: spammer.accountId });
    const two = await buildTicket(db(), { requesterId: spammer.accountId });
    const agentWithSpam = await agent();
    await buildRole(db(), {
      nodes: [
        { type: 'btn', value: 'ticket.spam' },
        { type: 'btn', value: 'ticket.restore' },
      ],
      accountIds: [agentWithSpam.accountId],
    });
    const res = await api(ticketOps.spam, { ticket_id: one.ticketId }, agentWithSpam.token);
    // The contract's answer: null.
    expect([res.code, res.data]).toEqual(['0000', null]);
    const [who] = await db().select().from(account).where(eq(account.accountId, spammer.accountId));
    expect(who?.accessState).toBe('suspended');
    expect(await db().select().from(session).where(eq(session.accountId, spammer.accountId))).toHaveLength(0);
    expect((await api(authOps.myInfoGet, {}, spammerToken)).code).toBe('0401');
    const deleted = await api(ticketOps.list, {
      view_id: await deletedViewId(),
      requester_id: spammer.accountId,
    });
    expect(deleted.data.list.map((r) => r.ticket_id).sort()).toEqual([one.ticketId, two.ticketId].sort());

    await api(ticketOps.restore, { ticket_ids: [one.ticketId, two.ticketId] }, agentWithSpam.token);
    await api(accountOps.accessStateEdit, { account_id: spammer.accountId, access_state: 'allowed' });
    const back = await api(ticketOps.list, { requester_id: spammer.accountId });
    expect(back.data.total).toBe(2);
    const [allowed] = await db().select().from(account).where(eq(account.accountId, spammer.accountId));
    expect(allowed?.accessState).toBe('allowed');
  });

  it('an agent limited to its groups deletes only the spammer tickets it sees', async () => {
    const mine = await buildGroup(db());
    const hidden = await buildGroup(db());
    const spammer = await buildEndUser(db());
    const seen = await buildTicket(db(), { requesterId: spammer.accountId, groupId: mine });
    const elsewhere = await buildTicket(db(), { requesterId: spammer.accountId, groupId: hidden });
    const limited = await agent({ ticketAccess: 'groups' }, [mine]);
    await buildRole(db(), { nodes: [{ type: 'btn', value: 'ticket.spam' }], accountIds: [limited.accountId] });
    const res = await api(ticketOps.spam, { ticket_id: seen.ticketId }, limited.token);
    expect([res.code, res.data]).toEqual(['0000', null]);
    const [gone] = await db().select().from(ticket).where(eq(ticket.ticketId, seen.ticketId));
    expect(gone?.deletedTs).not.toBeNull();
    const [left] = await db().select().from(ticket).where(eq(ticket.ticketId, elsewhere.ticketId));
    expect(left?.deletedTs).toBeNull();
  });

  it('refuses to mark a ticket of an agent as spam', async () => {
    const a = await buildAgent(db());
    const { ticketId } = await buildTicket(db(), { requesterId: a.accountId });
    const res = await api(ticketOps.spam, { ticket_id: ticketId });
    expect(res.code).toBe('FFFF');
  });
});

async function deletedViewId(): Promise<number> {
  const views = await api(ticketOps.views, {});
  return views.data.list.find((v) => v.title === 'Deleted tickets')?.view_id as number;
}

describe('tickets and the people behind them', () => {
  it('deleting an end user who requested tickets suspends them instead; their tickets show in their history', async () => {
    const user = await buildEndUser(db());
    const { ticketId } = await buildTicket(db(), { requesterId: user.accountId });
    const res = await api(accountOps.delete, { account_id: user.accountId });
    expect(res.msg).toBe('The user has tickets, so the account was suspended instead of deleted');
    const [who] = await db().select().from(account).where(eq(account.accountId, user.accountId));
    expect(who?.accessState).toBe('suspended');
    const history = await api(accountOps.ticketHistoryList, { account_id: user.accountId });
    expect([history.data.total, history.data.list[0]?.ticket_id]).toEqual([1, ticketId]);
  });

  it('deleting an agent puts their unsolved tickets back in the group, unassigned, with an event', async () => {
    const a = await buildAgent(db());
    const group = await buildGroup(db(), [a.accountId]);
    const open = await buildTicket(db(), { assigneeId: a.accountId, groupId: group, state: 'open' });
    expect((await api(accountOps.delete, { account_id: a.accountId })).code).toBe('0000');
    const [row] = await db().select().from(ticket).where(eq(ticket.ticketId, open.ticketId));
    expect([row?.assigneeId, row?.groupId]).toEqual([null, group]);
    const last = (await eventsOf(open.ticketId)).at(-1);
    expect([last?.field, last?.oldValue, last?.newValue]).toEqual(['assignee_id', a.accountId, null]);
  });
});
