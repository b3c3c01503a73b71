import { accountOps, authOps, automationOps, type TNotifyNew, ticketOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildGroup, buildTicket } from '../../../test/factories.js';
import { agent, api, db, t } from '../../../test/kit.js';
import { servers, setUpMailTests } from '../../../test/mail-kit.js';
import { word } from '../../../test/rule-kit.js';
import { queryRows } from '../../db/rows.js';
import { defaultGroupId } from '../account/account.repo.js';

const { customer, rawMail, fetchNow, ticketOf, support } = setUpMailTests();

/** Who the SMTP server took a mail for, of this ticket, whose subject has `kind` in it. */
async function mailedOf(ticketId: number, kind: string): Promise<string[]> {
  await t.app.parley.jobs.drain();
  return servers.sent
    .filter((m) => m.raw.includes(`X-Parley-Ticket: ${ticketId}\r\n`) && m.raw.includes(kind))
    .flatMap((m) => m.to.map((to) => to.toLowerCase()))
    .sort();
}

/** An agent (signed in) who made their own choice of mails in My profile. */
async function agentChoosing(
  name: string,
  choice: { notify_new?: TNotifyNew; notify_replied?: boolean; notify_assigned?: boolean },
  groupIds: number[] = [],
) {
  const a = await agent({ email: customer(name) }, groupIds);
  if (Object.keys(choice).length > 0) {
    expect((await api(accountOps.infoEdit, choice, a.token)).code).toBe('0000');
  }
  return { ...a, email: a.email.toLowerCase() };
}

async function ticketByMail(from: string, subject: string) {
  const first = rawMail({ from, subject });
  await servers.deliver(support, first.raw);
  expect(await fetchNow()).toEqual({ ticket: 1 });
  return { ticketId: Number(await ticketOf(first.messageId)), messageId: first.messageId };
}

describe("new-ticket mails follow each agent's choice", () => {
  it('mails those who chose all or (in its group) their groups, never those who chose none or whose groups it is not in', async () => {
    const home = (await defaultGroupId(db())) as number;
    const other = await buildGroup(db());
    const everything = await agentChoosing('all', {});
    const mine = await agentChoosing('mine', { notify_new: 'groups' }, [home]);
    const elsewhere = await agentChoosing('elsewhere', { notify_new: 'groups' }, [other]);
    const groupless = await agentChoosing('groupless', { notify_new: 'groups' });
    const nothing = await agentChoosing('nothing', { notify_new: 'none' }, [home]);
    // The mail's ticket lands in the default group (no address of its own routes it elsewhere).
    const { ticketId } = await ticketByMail(customer('ann'), 'Printer on fire');
    const [row] = await queryRows<{ group_id: number }>(
      db(),
      sql`SELECT group_id FROM ticket WHERE ticket_id = ${ticketId}`,
    );
    expect(Number(row?.group_id)).toBe(home);

    const told = await mailedOf(ticketId, 'new ticket');
    expect(told).toContain(everything.email);
    expect(told).toContain(mine.email);
    for (const quiet of [elsewhere, groupless, nothing]) {
      expect(told).not.toContain(quiet.email);
    }
    // One mail each, as before.
    expect(told.filter((to) => to === everything.email || to === mine.email)).toHaveLength(2);
  });

  it('leaves an agent who never chose with every mail of today: new tickets, customer replies, assignments', async () => {
    const plain = await agent({ email: customer('plain') });
    const info = (await api(authOps.myInfoGet, {}, plain.token)).data;
    expect(info).toMatchObject({ notify_new: 'all', notify_replied: true, notify_assigned: true });
    const ivy = customer('ivy');
    const { ticketId, messageId } = await ticketByMail(ivy, 'Cannot log in');
    expect(await mailedOf(ticketId, 'new ticket')).toContain(plain.email.toLowerCase());
    const edit = await api(ticketOps.edit, {
      ticket_id: ticketId,
      assignee_id: plain.accountId,
      comment: { body: '<p>Which browser?</p>', is_public: true },
      submit_as: 'pending',
    });
    expect(edit.code).toBe('0000');
    expect(await mailedOf(ticketId, 'assigned to you')).toEqual([plain.email.toLowerCase()]);
    await servers.deliver(
      support,
      rawMail({ from: ivy, subject: `Re: [#${ticketId}] Cannot log in`, body: 'Firefox.', inReplyTo: messageId }).raw,
    );
    expect(await fetchNow()).toEqual({ comment: 1 });
    expect(await mailedOf(ticketId, 'replied')).toEqual([plain.email.toLowerCase()]);
  });
});

describe('reply and assignment mails follow the choice', () => {
  it('an assignee who turned replies off hears nothing of the customer; a follower who did not, does', async () => {
    const owner = await agentChoosing('owner', { notify_replied: false });
    const watcher = await agentChoosing('watcher', {});
    const bo = customer('bo');
    const { ticketId, messageId } = await ticketByMail(bo, 'Lost my key');
    const edit = await api(ticketOps.edit, {
      ticket_id: ticketId,
      assignee_id: owner.accountId,
      follower_ids: [watcher.accountId],
      comment: { body: '<p>Which key?</p>', is_public: true },
      submit_as: 'pending',
    });
    expect(edit.code).toBe('0000');
    await servers.deliver(
      support,
      rawMail({ from: bo, subject: `Re: [#${ticketId}] Lost my key`, body: 'The blue one.', inReplyTo: messageId }).raw,
    );
    expect(await fetchNow()).toEqual({ comment: 1 });
    expect(await mailedOf(ticketId, 'replied')).toEqual([watcher.email]);
  });

  it("an agent who turned assignments off is not mailed, by an agent's edit or an automation's batch", async () => {
    const w = word();
    const off = await agentChoosing('off', { notify_assigned: false });
    const on = await agentChoosing('on', {});
    // One by one: an admin's edit.
    const one = (await buildTicket(db(), { state: 'open', subject: `${w} single` })).ticketId;
    expect((await api(ticketOps.edit, { ticket_id: one, assignee_id: off.accountId })).code).toBe('0000');
    expect(await mailedOf(one, 'assigned to you')).toEqual([]);
    // Set-based: two automations each assign a batch of old tickets to one of them.
    const batch = async (set: string) => {
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) {
        ids.push((await buildTicket(db(), { state: 'open', subject: `${w}-${set} ${i}` })).ticketId);
      }
      return ids;
    };
    const toOff = await batch('off');
    const toOn = await batch('on');
    const automations: number[] = [];
    for (const [set, who] of [
      ['off', off],
      ['on', on],
    ] as const) {
      const res = await api(automationOps.add, {
        title: `Assign ${w} ${set}`,
        conditions: {
          all: [
            { field: 'subject', operator: 'contains', value: `${w}-${set}` },
            { field: 'hours_since_created', operator: 'greater_than', value: 1 },
            { field: 'tags', operator: 'excludes', value: [`routed-${w}`] },
          ],
        },
        actions: [
          { action: 'set_assignee', value: who.accountId },
          { action: 'add_tags', value: [`routed-${w}`] },
        ],
      });
      expect(res.code, JSON.stringify(res)).toBe('0000');
      automations.push(res.data.automation_id);
    }
    try {
      await t.app.runAutomations(Date.now() + 3 * 3_600_000);
      const [assigned] = await queryRows<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM ticket WHERE tags @> ${`{routed-${w}}`}::text[]`,
      );
      expect(Number(assigned?.n)).toBe(6);
      for (const id of toOff) {
        expect(await mailedOf(id, 'assigned to you')).toEqual([]);
      }
      for (const id of toOn) {
        expect(await mailedOf(id, 'assigned to you')).toEqual([on.email]);
      }
    } finally {
      await api(automationOps.delete, { automation_ids: automations });
    }
  });
});
