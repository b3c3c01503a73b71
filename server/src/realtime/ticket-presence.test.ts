import { type TTicketPresence, type TTicketUpdated, ticketOps } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../test/app.js';
import { api, connect, setUpChatApp, t } from '../../test/chat-app.js';
import { type Client, chatAgent, eventually, redisAnswers } from '../../test/chat-kit.js';
import { buildAgent, buildGroup, buildTicket, defaultPassword, giveDefaultRole } from '../../test/factories.js';

const hasRedis = await redisAnswers();

/** The last presence a socket heard for a ticket. */
const lastPresence = (c: Client, ticketId: number) =>
  c.events
    .filter((e) => e.event === 'ticket_presence' && (e.payload as TTicketPresence).ticket_id === ticketId)
    .map((e) => e.payload as TTicketPresence)
    .at(-1);

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
