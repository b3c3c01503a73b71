import { automationOps, type TTicketPresence, type TTicketUpdated, tagOps, ticketOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../test/app.js';
import { admin, api, connect, setUpChatApp, t } from '../../test/chat-app.js';
import { type Client, chatAgent, eventually, redisAnswers } from '../../test/chat-kit.js';
import { testAdmin } from '../../test/constants.js';
import { buildAgent, buildGroup, buildTicket, defaultPassword, giveDefaultRole } from '../../test/factories.js';
import { intArrayLiteral, queryRows } from '../db/rows.js';

const hasRedis = await redisAnswers();

/** The last presence a socket heard for a ticket. */
const lastPresence = (c: Client, ticketId: number) =>
  c.events
    .filter((e) => e.event === 'ticket_presence' && (e.payload as TTicketPresence).ticket_id === ticketId)
    .map((e) => e.payload as TTicketPresence)
    .at(-1);

/** The updates a socket heard. */
const updatesHeard = (c: Client) =>
  c.events.filter((e) => e.event === 'ticket_updated').map((e) => e.payload as TTicketUpdated);

describe.skipIf(!hasRedis)('presence on ticket pages over socket.io', () => {
  setUpChatApp();

  it('shows each agent who else views and types on the ticket, and drops whoever leaves or disconnects', async () => {
    const ann = await chatAgent(t, { realName: 'Ann Agent' });
    // Presence is for every agent, not only those who take chats.
    const ben = await chatAgent(t, { realName: 'Ben Agent', toolAccess: [] });
    const { ticketId } = await buildTicket(t.database.db);
    const annSocket = await connect({ token: ann.token });
    const benSocket = await connect({ token: ben.token });

    const first = await annSocket.ask<{ viewers: Array<{ real_name: string }> }>('ticket_view', {
      ticket_id: ticketId,
    });
    expect(first.code).toBe('0000');
    expect(first.data.viewers.map((v) => v.real_name)).toEqual(['Ann Agent']);
    expect((await benSocket.ask('ticket_view', { ticket_id: ticketId })).code).toBe('0000');
    const both = await eventually('Ann sees Ben arrive', () => {
      const p = lastPresence(annSocket, ticketId);
      return p && p.viewers.length === 2 ? p : undefined;
    });
    expect(both.viewers.map((v) => [v.real_name, v.typing])).toEqual([
      ['Ann Agent', false],
      ['Ben Agent', false],
    ]);

    expect((await benSocket.ask('ticket_typing', { ticket_id: ticketId, typing: true })).code).toBe('0000');
    await eventually('Ann sees Ben typing', () =>
      lastPresence(annSocket, ticketId)?.viewers.find((v) => v.real_name === 'Ben Agent' && v.typing),
    );
    expect((await benSocket.ask('ticket_typing', { ticket_id: ticketId, typing: false })).code).toBe('0000');
    await eventually('Ben stopped typing', () => lastPresence(annSocket, ticketId)?.viewers.every((v) => !v.typing));

    benSocket.close();
    await eventually('Ann sees Ben gone after his socket dropped', () => {
      const p = lastPresence(annSocket, ticketId);
      return p && p.viewers.length === 1 && p.viewers[0]?.real_name === 'Ann Agent';
    });
    expect((await annSocket.ask('ticket_leave', { ticket_id: ticketId })).code).toBe('0000');
  });

  it('tells the agents on a ticket page who saved it, after the save, so that the page shows it', async () => {
    const ann = await chatAgent(t, { realName: 'Ann Agent' });
    const ben = await chatAgent(t, { realName: 'Ben Agent', toolAccess: [] });
    const { ticketId } = await buildTicket(t.database.db);
    const annSocket = await connect({ token: ann.token });
    expect((await annSocket.ask('ticket_view', { ticket_id: ticketId })).code).toBe('0000');
    const saved = await api(ticketOps.edit, { ticket_id: ticketId, tags: ['btag'] }, ben.token);
    expect(saved.code).toBe('0000');
    const update = await eventually(
      "Ann hears of Ben's save",
      () => annSocket.events.find((e) => e.event === 'ticket_updated')?.payload as TTicketUpdated | undefined,
    );
    expect(update).toEqual({ ticket_id: ticketId, account_id: ben.accountId, real_name: 'Ben Agent' });
  });

  it("tells the page of a ticket an agent's bulk edit from the list changed, once, and no one of the others", async () => {
    const ann = await chatAgent(t, { realName: 'Ann Agent' });
    const ben = await chatAgent(t, { realName: 'Ben Agent', toolAccess: [] });
    const open = (await buildTicket(t.database.db, { state: 'open' })).ticketId;
    const other = (await buildTicket(t.database.db, { state: 'open' })).ticketId;
    const annSocket = await connect({ token: ann.token });
    expect((await annSocket.ask('ticket_view', { ticket_id: open })).code).toBe('0000');
    const bulk = await api(ticketOps.bulkEdit, { ticket_ids: [open, other], submit_as: 'pending' }, ben.token);
    expect(bulk.data.ticket_ids.sort()).toEqual([open, other].sort());
    await eventually("Ann hears of Ben's bulk edit", () => updatesHeard(annSocket).length > 0);
    // A later save by Ben shows that nothing else was on its way.
    await api(ticketOps.edit, { ticket_id: open, tags: ['later'] }, ben.token);
    await eventually("Ann hears of Ben's save", () => updatesHeard(annSocket).length > 1);
    expect(updatesHeard(annSocket)).toEqual([
      { ticket_id: open, account_id: ben.accountId, real_name: 'Ben Agent' },
      { ticket_id: open, account_id: ben.accountId, real_name: 'Ben Agent' },
    ]);
  });

  it("tells the pages of the tickets an automation's hourly batch changed that the system updated them", async () => {
    const ann = await chatAgent(t, { realName: 'Ann Agent' });
    const word = `stale${Date.now()}`;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await buildTicket(t.database.db, { subject: `Old ${word}`, state: 'open' })).ticketId);
    }
    await t.database.db.execute(
      sql`UPDATE ticket SET update_ts = ${Date.now() - 30 * 3_600_000} WHERE ticket_id = ANY(${intArrayLiteral(ids)}::int[])`,
    );
    const added = await api(
      automationOps.add,
      {
        title: `Tag ${word}`,
        conditions: {
          all: [
            { field: 'subject', operator: 'contains', value: word },
            { field: 'hours_since_updated', operator: 'greater_than', value: 24 },
            { field: 'tags', operator: 'excludes', value: [word] },
          ],
        },
        actions: [{ action: 'add_tags', value: [word] }],
      },
      admin,
    );
    expect(added.code).toBe('0000');
    const annSocket = await connect({ token: ann.token });
    expect((await annSocket.ask('ticket_view', { ticket_id: ids[1] as number })).code).toBe('0000');
    try {
      await t.app.runAutomations();
      const heard = await eventually('Ann hears of the automation', () => updatesHeard(annSocket)[0]);
      expect(heard).toEqual({ ticket_id: ids[1], account_id: null, real_name: '' });
    } finally {
      await api(automationOps.delete, { automation_ids: [added.data.automation_id] }, admin);
    }
  });

  it("tells the page of a ticket an admin's tag rename changed, naming the admin", async () => {
    const ann = await chatAgent(t, { realName: 'Ann Agent' });
    const old = `old${Date.now()}`;
    const ticketId = (await buildTicket(t.database.db, { tags: [old], state: 'open' })).ticketId;
    const annSocket = await connect({ token: ann.token });
    expect((await annSocket.ask('ticket_view', { ticket_id: ticketId })).code).toBe('0000');
    expect((await api(tagOps.edit, { tag_name: old, new_name: `${old}x` }, admin)).code).toBe('0000');
    const heard = await eventually('Ann hears of the rename', () => updatesHeard(annSocket)[0]);
    const [me] = await queryRows<{ account_id: number; real_name: string }>(
      t.database.db,
      sql`SELECT account_id, real_name FROM account WHERE email = ${testAdmin.email}`,
    );
    expect(me?.real_name).not.toBe('');
    expect(heard).toMatchObject({ ticket_id: ticketId, account_id: me?.account_id, real_name: me?.real_name });
  });

  it('refuses tickets the agent may not see, typing on a ticket not joined, and bad input, with the envelope', async () => {
    const db = t.database.db;
    const outsider = await buildAgent(db, { ticketAccess: 'group' });
    await giveDefaultRole(db, outsider.accountId);
    const token = await signIn(t.app, outsider.email, defaultPassword);
    const groupId = await buildGroup(db);
    const { ticketId } = await buildTicket(db, { groupId });
    const s = await connect({ token });
    expect((await s.ask('ticket_view', { ticket_id: ticketId })).code).toBe('0404');
    expect((await s.ask('ticket_typing', { ticket_id: ticketId, typing: true })).code).toBe('0404');
    const bad = await s.ask('ticket_view', { ticket_id: 'x' });
    expect(bad.code).toBe('FFFF');
    // A refused socket hears nothing of the ticket.
    expect(lastPresence(s, ticketId)).toBeUndefined();
  });
});
