import { automationOps, type TOpInput } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildGroup, buildTicket } from '../../../test/factories.js';
import { agent, api, db, t } from '../../../test/kit.js';
import { servers, setUpMailTests } from '../../../test/mail-kit.js';
import { addTrigger, deleteTriggers, word } from '../../../test/rule-kit.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';

setUpMailTests();

const automations: number[] = [];
const triggers: number[] = [];
afterEach(async () => {
  if (automations.length) {
    await api(automationOps.delete, { automation_ids: automations.splice(0) });
  }
  await deleteTriggers(triggers.splice(0));
});

const hour = 3_600_000;

/** Every mail the SMTP server took for these tickets: ticket, recipient, subject. */
async function mailsOf(ticketIds: number[]) {
  await t.app.parley.jobs.drain();
  const out: Array<{ ticket: number; to: string; subject: string }> = [];
  for (const m of servers.sent) {
    const ticket = Number(/^X-Parley-Ticket: (\d+)\r$/m.exec(m.raw)?.[1]);
    if (ticketIds.includes(ticket)) {
      const subject = /^Subject: (.*)\r$/m.exec(m.raw)?.[1] ?? '';
      for (const to of m.to) {
        out.push({ ticket, to, subject });
      }
    }
  }
  return out.sort((a, b) => a.ticket - b.ticket || a.to.localeCompare(b.to) || a.subject.localeCompare(b.subject));
}

const emailOf = async (accountId: number) =>
  String(
    (await queryRows<{ email: string }>(db(), sql`SELECT email FROM account WHERE account_id = ${accountId}`))[0]
      ?.email,
  ).toLowerCase();

/**
 * An automation acting set-based on a batch of tickets mails what an agent's own change would:
 * the new assignee hears of each ticket assigned to them, each requester of their ticket solved,
 * through the email channel's real queue and SMTP, once per ticket and recipient, whatever
 * triggers the change fires after, and nothing more on the next hour's run.
 */
describe('mail from automations acting on a batch', () => {
  it('assigning and solving by the hour mails each assignee and requester exactly once, never a refused address', async () => {
    const w = word();
    const east = await buildGroup(db());
    const xavi = await agent({}, [east]);
    const yara = await agent({}, [east]);
    const ticketsOf = async (set: string, kind: Parameters<typeof buildTicket>[1], n: number) => {
      const ids: number[] = [];
      for (let i = 0; i < n; i++) {
        ids.push((await buildTicket(db(), { ...kind, subject: `${set} ticket ${i}` })).ticketId);
      }
      return ids;
    };
    // Unassigned tickets to route, pending ones to solve, unassigned pending ones to do both to.
    const route = await ticketsOf(`${w}-route`, { state: 'open' }, 4);
    const solve = await ticketsOf(`${w}-solve`, { state: 'pending', assigneeId: xavi.accountId, groupId: east }, 4);
    const both = await ticketsOf(`${w}-both`, { state: 'pending' }, 3);
    // One ticket of each set assigned to Yara already: routing it changes nothing and mails nobody.
    await db().execute(
      sql`UPDATE ticket SET assignee_id = ${yara.accountId}, group_id = ${east}
        WHERE ticket_id = ${route[3] as number}`,
    );
    // Three requesters who must get nothing: one's domain is banned, one's address, one's bounced.
    const refused = solve.slice(1);
    const refusedMail = [`ann@banned-${w}.test`, `bob-${w}@example.test`, `cy-${w}@example.test`];
    for (const [i, id] of refused.entries()) {
      await db().execute(sql`UPDATE account SET email = ${refusedMail[i]}
        WHERE account_id = (SELECT requester_id FROM ticket WHERE ticket_id = ${id})`);
    }
    await db().execute(sql`INSERT INTO black (black_type, black_value, create_ts)
      VALUES ('email', ${`@banned-${w}.test`}, 0), ('email', ${refusedMail[1]}, 0)`);
    await db().execute(sql`INSERT INTO mail_bounce (address, create_ts) VALUES (${refusedMail[2]}, 0)`);
    const all = [...route, ...solve, ...both];
    const requester = new Map<number, string>();
    for (const r of await queryRows<{ ticket_id: number; email: string }>(
      db(),
      sql`SELECT t.ticket_id, a.email FROM ticket t JOIN account a ON a.account_id = t.requester_id
        WHERE t.ticket_id = ANY(${intArrayLiteral(all)}::int[])`,
    )) {
      requester.set(Number(r.ticket_id), r.email.toLowerCase());
    }
    // A trigger on some of the automations' changes: its pass must not mail a second time.
    triggers.push(
      await addTrigger(
        `Seen ${w}`,
        {
          all: [
            { field: 'subject', operator: 'contains', value: `${w}-both` },
            { field: 'update_type', operator: 'is', value: 'updated' },
          ],
        },
        [{ action: 'add_tags', value: [`seen-${w}`] }],
      ),
    );
    const automation = async (body: TOpInput<typeof automationOps.add>) => {
      const res = await api(automationOps.add, body);
      expect(res.code, JSON.stringify(res)).toBe('0000');
      automations.push(res.data.automation_id);
    };
    await automation({
      title: `Route ${w}`,
      conditions: {
        all: [
          { field: 'subject', operator: 'contains', value: `${w}-route` },
          { field: 'hours_since_created', operator: 'greater_than', value: 1 },
          { field: 'tags', operator: 'excludes', value: [`routed-${w}`] },
        ],
      },
      actions: [
        { action: 'set_group', value: east },
        { action: 'set_assignee', value: yara.accountId },
        { action: 'add_tags', value: [`routed-${w}`] },
      ],
    });
    await automation({
      title: `Solve ${w}`,
      conditions: {
        all: [
          { field: 'subject', operator: 'contains', value: `${w}-solve` },
          { field: 'hours_since_pending', operator: 'greater_than', value: 1 },
        ],
      },
      actions: [{ action: 'set_state', value: 'solved' }],
    });
    await automation({
      title: `Both ${w}`,
      conditions: {
        all: [
          { field: 'subject', operator: 'contains', value: `${w}-both` },
          { field: 'ticket_state', operator: 'is', value: 'pending' },
          { field: 'hours_since_created', operator: 'greater_than', value: 1 },
        ],
      },
      actions: [
        { action: 'set_assignee', value: xavi.accountId },
        { action: 'set_state', value: 'solved' },
      ],
    });

    await t.app.runAutomations(Date.now() + 3 * hour);
    const rows = await queryRows<{ ticket_id: number; assignee_id: number; ticket_state: string; tags: string[] }>(
      db(),
      sql`SELECT ticket_id, assignee_id, ticket_state, tags FROM ticket
        WHERE ticket_id = ANY(${intArrayLiteral(all)}::int[]) ORDER BY ticket_id`,
    );
    // The automations did act (and the trigger after them) before the mail is looked at; the
    // tickets of refused addresses are solved all the same.
    expect(rows.map((r) => [Number(r.ticket_id), Number(r.assignee_id), r.ticket_state])).toEqual([
      ...route.map((id) => [id, yara.accountId, 'open']),
      ...solve.map((id) => [id, xavi.accountId, 'solved']),
      ...both.map((id) => [id, xavi.accountId, 'solved']),
    ]);
    expect(rows.filter((r) => r.tags.includes(`seen-${w}`)).map((r) => Number(r.ticket_id))).toEqual(both);

    const yaraMail = await emailOf(yara.accountId);
    const xaviMail = await emailOf(xavi.accountId);
    const subjectOf = async (id: number) =>
      String(
        (await queryRows<{ subject: string }>(db(), sql`SELECT subject FROM ticket WHERE ticket_id = ${id}`))[0]
          ?.subject,
      );
    const expected: Array<{ ticket: number; to: string; subject: string }> = [];
    for (const id of route.slice(0, 3)) {
      expected.push({ ticket: id, to: yaraMail, subject: `[#${id}] assigned to you: ${await subjectOf(id)}` });
    }
    for (const id of solve.filter((id) => !refused.includes(id))) {
      expected.push({
        ticket: id,
        to: requester.get(id) as string,
        subject: `[#${id}] ${await subjectOf(id)} (solved)`,
      });
    }
    for (const id of both) {
      expected.push(
        { ticket: id, to: xaviMail, subject: `[#${id}] assigned to you: ${await subjectOf(id)}` },
        { ticket: id, to: requester.get(id) as string, subject: `[#${id}] ${await subjectOf(id)} (solved)` },
      );
    }
    expected.sort((a, b) => a.ticket - b.ticket || a.to.localeCompare(b.to) || a.subject.localeCompare(b.subject));
    expect(await mailsOf(all)).toEqual(expected);

    // The next hour finds nothing left to do, and mails nobody again.
    await t.app.runAutomations(Date.now() + 4 * hour);
    expect(await mailsOf(all)).toEqual(expected);
  });
  it("an automation's own mails and notes on a batch are one ticket at a time's: each requester, CC and assignee mailed once", async () => {
    const w = word();
    const east = await buildGroup(db());
    const xavi = await agent({}, [east]);
    const cc = await agent({}, [east]);
    const make = async (set: string) => {
      const ids: number[] = [];
      for (let i = 0; i < 4; i++) {
        const kind = i === 3 ? {} : { state: 'open' as const, assigneeId: xavi.accountId, groupId: east };
        ids.push((await buildTicket(db(), { ...kind, subject: `${set} ticket ${i}` })).ticketId);
      }
      // The first ticket has a CC: the requester's mail goes to them too.
      await db().execute(sql`INSERT INTO ticket_member (ticket_id, member_type, account_id)
        VALUES (${ids[0] as number}, 'cc', ${cc.accountId})`);
      return ids;
    };
    const setA = `${w}a`;
    const setB = `${w}b`;
    const a = await make(setA);
    const b = await make(setB);
    const remind = async (set: string, active: boolean) => {
      const res = await api(automationOps.add, {
        title: `Remind ${set}`,
        active,
        conditions: {
          all: [
            { field: 'subject', operator: 'contains', value: set },
            { field: 'hours_since_created', operator: 'greater_than', value: 1 },
            { field: 'tags', operator: 'excludes', value: [`reminded-${set}`] },
          ],
        },
        actions: [
          { action: 'notify', target: 'requester', subject: 'Still there? {{ticket_id}}', body: 'Tell us.' },
          { action: 'add_note', value: `Reminded ${set}` },
          { action: 'notify', target: 'assignee', subject: 'Nudged', body: 'Have a look.' },
          { action: 'webhook', url: 'https://hooks.example.com/parley' },
          { action: 'add_tags', value: [`reminded-${set}`] },
        ],
      });
      expect(res.code, JSON.stringify(res)).toBe('0000');
      automations.push(res.data.automation_id);
      return res.data.automation_id;
    };
    const autoA = await remind(setA, true);
    const autoB = await remind(setB, false);
    await t.app.runAutomations(Date.now() + 3 * hour);
    await db().execute(sql`UPDATE rule_automation SET active = automation_id = ${autoB}
      WHERE automation_id IN (${autoA}, ${autoB})`);
    await t.app.runAutomations(Date.now() + 3 * hour, { perTicket: true });

    const requester = async (id: number) =>
      String(
        (
          await queryRows<{ email: string }>(
            db(),
            sql`SELECT a.email FROM ticket t JOIN account a ON a.account_id = t.requester_id WHERE t.ticket_id = ${id}`,
          )
        )[0]?.email,
      ).toLowerCase();
    const xaviMail = await emailOf(xavi.accountId);
    const ccMail = await emailOf(cc.accountId);
    /** A set's mails and histories, each ticket's people named by role, its number by its place. */
    const seen = async (ids: number[], set: string) => {
      const mails = await mailsOf(ids);
      const out: string[] = [];
      for (const [i, id] of ids.entries()) {
        const name = async (text: string) =>
          text
            .replaceAll(await requester(id), 'REQUESTER')
            .replaceAll(xaviMail, 'ASSIGNEE')
            .replaceAll(ccMail, 'CC')
            .replaceAll(`#${id}`, `#T${i}`)
            .replaceAll(set, 'SET')
            .replace(/"comment_id":\d+/g, '"comment_id":0');
        for (const m of mails.filter((x) => x.ticket === id)) {
          out.push(await name(`mail T${i} ${m.to} ${m.subject.replace(new RegExp(`\\b${id}\\b`), `T${i}`)}`));
        }
        const events = await queryRows<{ field: string; new_value: unknown }>(
          db(),
          sql`SELECT field, new_value FROM ticket_event WHERE ticket_id = ${id} AND field IN ('rule', 'comment', 'notify', 'webhook', 'tags')
            ORDER BY event_id`,
        );
        out.push(
          await name(
            `history T${i} ${JSON.stringify(events.map((e) => [e.field, e.field === 'rule' ? null : e.new_value]))}`,
          ),
        );
      }
      return out.sort();
    };
    const mailsA = await seen(a, setA);
    expect(mailsA).toEqual(await seen(b, setB));
    expect(mailsA.filter((m) => m.startsWith('mail '))).toEqual(
      [
        'mail T0 CC Still there? T0',
        'mail T0 REQUESTER Still there? T0',
        'mail T0 ASSIGNEE Nudged',
        'mail T1 REQUESTER Still there? T1',
        'mail T1 ASSIGNEE Nudged',
        'mail T2 REQUESTER Still there? T2',
        'mail T2 ASSIGNEE Nudged',
        // Unassigned: the requester only.
        'mail T3 REQUESTER Still there? T3',
      ].sort(),
    );
    // Its history after the ticket's first comment: the rule, its tag, its note, its two mails.
    const history = mailsA.find((m) => m.startsWith('history T0 ')) as string;
    expect(JSON.parse(history.slice('history T0 '.length)).slice(1)).toEqual([
      ['rule', null],
      ['tags', ['reminded-SET']],
      ['comment', { comment_id: 0, is_public: false }],
      ['notify', { target: 'requester', to: ['REQUESTER', 'CC'] }],
      ['notify', { target: 'assignee', to: ['ASSIGNEE'] }],
      ['webhook', { url: 'https://hooks.example.com/parley' }],
    ]);
    // One webhook call queued per ticket, batch or not.
    const calls = async (automationId: number) =>
      (
        await queryRows<{ ticket: string; n: number }>(
          db(),
          sql`SELECT data->>'ticketId' AS ticket, count(*)::int AS n FROM pgboss.job
            WHERE data->>'ruleKind' = 'automation' AND (data->>'ruleId')::int = ${automationId} GROUP BY 1 ORDER BY 1`,
        )
      ).map((r) => [Number(r.ticket), Number(r.n)]);
    expect(await calls(autoA)).toEqual(a.map((id) => [id, 1]));
    expect(await calls(autoB)).toEqual(b.map((id) => [id, 1]));
    // The next hour finds nothing left to do, and mails nobody again.
    await t.app.runAutomations(Date.now() + 4 * hour);
    expect(await seen(a, setA)).toEqual(mailsA);
  });
});
