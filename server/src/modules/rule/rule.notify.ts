import type { TRuleAction } from '@parley/contracts';
import { escapeHtml } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import type { MailConfig } from '../mail/mail.config.js';
import { queueMails, refusedAddresses, type TicketFacts, ticketFacts } from '../mail/mail.facts.js';
import type { ActionEnv } from './rule.env.js';

type Notify = Extract<TRuleAction, { action: 'notify' }>;

/** The mail settings in effect (the email channel's; null while none is set up). */
export type MailConfigOf = (db: ActionEnv['tx']) => Promise<MailConfig | null>;
let mailConfigOf: MailConfigOf = async () => null;
export function useMailConfig(fn: MailConfigOf) {
  mailConfigOf = fn;
}

/** The addresses each ticket's mail goes to (before the deliverability check), and whether to staff. */
async function recipients(
  env: ActionEnv,
  tickets: TicketFacts[],
  a: Notify,
): Promise<{ to: Map<number, string[]>; staff: boolean }> {
  const { tx } = env;
  const ids = tickets.map((t) => t.ticket_id);
  const by = new Map<number, string[]>(ids.map((id) => [id, []]));
  const add = (id: number, email: string) => by.get(id)?.push(email);
  switch (a.target) {
    case 'requester': {
      const ccs = await queryRows<{ ticket_id: number; email: string }>(
        tx,
        sql`SELECT m.ticket_id, a.email FROM ticket_member m JOIN account a ON a.account_id = m.account_id
          WHERE m.ticket_id = ANY(${intArrayLiteral(ids)}::int[]) AND m.member_type = 'cc'
          ORDER BY m.ticket_id, a.account_id`,
      );
      for (const t of tickets) {
        add(t.ticket_id, t.requester_email);
      }
      for (const c of ccs) {
        add(Number(c.ticket_id), c.email);
      }
      return { to: by, staff: false };
    }
    case 'assignee': {
      const assignees = tickets.flatMap((t) => (t.assignee_id === null ? [] : [t.assignee_id]));
      const rows = await queryRows<{ account_id: number; email: string }>(
        tx,
        sql`SELECT account_id, email FROM account
          WHERE account_id = ANY(${intArrayLiteral(assignees)}::int[]) AND access_state = 'allowed'`,
      );
      const emailOf = new Map(rows.map((r) => [Number(r.account_id), r.email]));
      for (const t of tickets) {
        const email = t.assignee_id === null ? undefined : emailOf.get(t.assignee_id);
        if (email) {
          add(t.ticket_id, email);
        }
      }
      return { to: by, staff: true };
    }
    case 'group': {
      const groupOf = (t: TicketFacts) => a.group_id ?? t.group_id;
      const groups = [...new Set(tickets.flatMap((t) => (groupOf(t) === null ? [] : [groupOf(t) as number])))];
      // Each group's first 500 staff, as for one ticket.
      const rows = await queryRows<{ group_id: number; email: string }>(
        tx,
        sql`SELECT group_id, email FROM (
            SELECT g.group_id, a.email, row_number() OVER (PARTITION BY g.group_id ORDER BY a.account_id) AS n
            FROM account a JOIN group_account g ON g.account_id = a.account_id
            WHERE g.group_id = ANY(${intArrayLiteral(groups)}::int[]) AND a.access_state = 'allowed'
              AND a.user_type IN ('admin', 'agent')) x
          WHERE n <= 500 ORDER BY group_id, n`,
      );
      const members = new Map<number, string[]>();
      for (const r of rows) {
        members.set(Number(r.group_id), [...(members.get(Number(r.group_id)) ?? []), r.email]);
      }
      for (const t of tickets) {
        for (const email of members.get(groupOf(t) as number) ?? []) {
          add(t.ticket_id, email);
        }
      }
      return { to: by, staff: true };
    }
    case 'address':
      for (const t of tickets) {
        if (a.address) {
          add(t.ticket_id, a.address);
        }
      }
      return { to: by, staff: false };
  }
}

/**
 * A rule's mail, through the email channel's queue (sent after commit, retried, threaded with the
 * ticket's other mails). The body is text; `{{ticket_id}}`, `{{subject}}`, `{{ticket_url}}` and the
 * other template placeholders are filled in. Answers the addresses it went to (none without mail set up).
 */
export async function queueRuleMail(env: ActionEnv, ticketId: number, a: Notify): Promise<string[]> {
  const t = await ticketFacts(env.tx, ticketId);
  return t ? ((await queueRuleMails(env, [t], a)).get(ticketId) ?? []) : [];
}

/**
 * The same mail for many tickets (an automation's batch), read, checked and queued together: a
 * few statements for the batch. Each ticket's addresses are those one ticket's mail would have
 * (its people as `tickets` has them); answers them by ticket.
 */
export async function queueRuleMails(
  env: ActionEnv,
  tickets: TicketFacts[],
  a: Notify,
): Promise<Map<number, string[]>> {
  const config = await mailConfigOf(env.tx);
  const out = new Map<number, string[]>(tickets.map((t) => [t.ticket_id, []]));
  if (!config || tickets.length === 0) {
    return out;
  }
  const who = await recipients(env, tickets, a);
  // `deliverable` per ticket (normalised, each address once), the refused ones read once for all.
  const wanted = new Map<number, string[]>();
  for (const [id, emails] of who.to) {
    wanted.set(id, [
      ...new Set(
        emails.map((e) => e.trim().toLowerCase()).filter((e) => e && e !== config.address && !e.endsWith('.invalid')),
      ),
    ]);
  }
  const refused = await refusedAddresses(env.tx, [...new Set([...wanted.values()].flat())]);
  const body = `<p>${escapeHtml(a.body).replace(/\n/g, '<br>')}</p>`;
  const mails: Parameters<typeof queueMails>[3] = [];
  for (const [ticketId, emails] of wanted) {
    const to = emails.filter((e) => !refused.has(e));
    out.set(ticketId, to);
    for (const address of to) {
      mails.push({
        mail: {
          kind: who.staff ? 'ticket_new' : 'ticket_received',
          ticketId,
          commentId: null,
          to: [address],
          cc: [],
          custom: { subject: a.subject, body },
        },
        key: `rule:${env.rule.kind}:${env.rule.id}:${ticketId}:${env.now}:${address}`,
      });
    }
  }
  await queueMails(env.ctx, env.tx, config, mails);
  return out;
}
