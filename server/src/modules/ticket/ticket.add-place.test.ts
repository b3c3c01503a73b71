import { type TOpInput, ticketOps } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildGroup, uniqueEmail } from '../../../test/factories.js';
import { agent, api, db, setUpApp } from '../../../test/kit.js';
import { agentGroup } from '../../db/schema/index.js';

setUpApp({ ticketDefaults: true });

const defaultGroup = async () =>
  (await db().select().from(agentGroup).where(eq(agentGroup.isDefault, true)))[0]?.groupId as number;

/** A new ticket as the web's form sends it (no group, no assignee), with `extra` on top; by the admin without a token. */
const add = (token: string | undefined, extra: Partial<TOpInput<typeof ticketOps.add>> = {}) =>
  api(
    ticketOps.add,
    {
      requester_email: uniqueEmail('req'),
      subject: 'Created in the back office',
      comment: { body: '<p>Hi</p>' },
      group_id: null,
      assignee_id: null,
      ...extra,
    },
    token,
  );

const placed = async (ticketId: number) => {
  const got = await api(ticketOps.get, { ticket_id: ticketId });
  return { group_id: got.data.group_id, assignee_id: got.data.assignee_id };
};

/**
 * Whoever creates a ticket sees it afterwards: the ticket page opens instead of "Page not found"
 * (ticket.create.ts, placeForCreator).
 */
describe('ticket.add puts the ticket where its creator sees it', () => {
  it('an agent limited to their groups: the default group when in it, else their first group', async () => {
    const [g1, g2] = [await buildGroup(db()), await buildGroup(db())];
    const outsider = await agent({ ticketAccess: 'groups' }, [g2, g1]);
    const res = await add(outsider.token);
    expect(res.code).toBe('0000');
    expect(await placed(res.data.ticket_id)).toEqual({ group_id: Math.min(g1, g2), assignee_id: null });
    expect((await api(ticketOps.get, { ticket_id: res.data.ticket_id }, outsider.token)).code).toBe('0000');
    // Left out rather than null: the same.
    const omitted = await api(
      ticketOps.add,
      { requester_email: uniqueEmail('req'), subject: 'x', comment: { body: '<p>x</p>' } },
      outsider.token,
    );
    expect((await placed(omitted.data.ticket_id)).group_id).toBe(Math.min(g1, g2));
    const insider = await agent({ ticketAccess: 'groups' }, [g1, await defaultGroup()]);
    const inDefault = await add(insider.token);
    expect((await placed(inDefault.data.ticket_id)).group_id).toBe(await defaultGroup());
    // A group they are in, chosen, is kept.
    const chosen = await add(outsider.token, { group_id: g2 });
    expect(await placed(chosen.data.ticket_id)).toEqual({ group_id: g2, assignee_id: null });
  });

  it('refuses a group the agent cannot see, on group_id, in English and Chinese', async () => {
    const [mine, other] = [await buildGroup(db()), await buildGroup(db())];
    const limited = await agent({ ticketAccess: 'groups' }, [mine]);
    const msg = 'You cannot see the tickets of this group: choose one of your groups';
    for (const groupId of [other, await defaultGroup()]) {
      const res = await add(limited.token, { group_id: groupId });
      expect([res.code, res.msg, res.fields]).toEqual(['FFFF', msg, { group_id: msg }]);
    }
    const zh = await api(
      ticketOps.add,
      { requester_email: uniqueEmail('req'), subject: 'x', comment: { body: '<p>x</p>' }, group_id: other },
      limited.token,
      { lang: 'zh-cn' },
    );
    expect(zh.fields).toEqual({ group_id: '您无权查看该组的工单：请选择您所在的组' });
    // Agents who see all tickets, and admins, choose any group as before.
    const all = await agent({ ticketAccess: 'all' });
    const anyGroup = await add(all.token, { group_id: other });
    expect(await placed(anyGroup.data.ticket_id)).toEqual({ group_id: other, assignee_id: null });
    const plain = await add(all.token);
    expect(await placed(plain.data.ticket_id)).toEqual({ group_id: await defaultGroup(), assignee_id: null });
    expect((await placed((await add(undefined, { group_id: other })).data.ticket_id)).group_id).toBe(other);
  });

  it('an agent who sees only their own tickets (or a groups agent in no group) gets it assigned to themself', async () => {
    const g = await buildGroup(db());
    const own = await agent({ ticketAccess: 'own' }, [g]);
    const res = await add(own.token);
    expect(res.code).toBe('0000');
    expect(await placed(res.data.ticket_id)).toEqual({ group_id: g, assignee_id: own.accountId });
    expect((await api(ticketOps.get, { ticket_id: res.data.ticket_id }, own.token)).code).toBe('0000');
    const ownNoGroup = await agent({ ticketAccess: 'own' });
    const alone = await add(ownNoGroup.token);
    expect(await placed(alone.data.ticket_id)).toEqual({
      group_id: await defaultGroup(),
      assignee_id: ownNoGroup.accountId,
    });
    expect((await api(ticketOps.get, { ticket_id: alone.data.ticket_id }, ownNoGroup.token)).code).toBe('0000');
    const noGroups = await agent({ ticketAccess: 'groups' });
    const mineOnly = await add(noGroups.token);
    expect((await placed(mineOnly.data.ticket_id)).assignee_id).toBe(noGroups.accountId);
    expect((await api(ticketOps.get, { ticket_id: mineOnly.data.ticket_id }, noGroups.token)).code).toBe('0000');
    // A chosen assignee is kept.
    const colleague = await agent({ ticketAccess: 'all' }, [g]);
    const handedOver = await add(own.token, { assignee_id: colleague.accountId });
    expect(await placed(handedOver.data.ticket_id)).toEqual({ group_id: g, assignee_id: colleague.accountId });
  });
});
