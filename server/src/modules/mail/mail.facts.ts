import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { textArrayLiteral } from '../ticket-search/tokenize.js';
import type { MailConfig } from './mail.config.js';
import { changeTs } from './mail.store.js';
import type { TemplateName } from './mail.templates.js';

/** What the outgoing side knows of a ticket and its people, and how one mail is queued. */

export const sendQueue = 'mail.send';

/** One notification to send: decided (and its Message-ID recorded) in the writer's transaction. */
export interface OutgoingMail {
  kind: TemplateName;
  ticketId: number;
  /** The comment it carries (received, reply); null for state mails. */
  commentId: number | null;
  messageId: string;
  to: string[];
  cc: string[];
  /** A business rule's own subject and body (HTML with the template placeholders) instead of the kind's template. */
  custom?: { subject: string; body: string };
}

export interface TicketFacts {
  ticket_id: number;
  subject: string;
  ticket_state: string;
  ticket_type: string;
  source: string;
  requester_id: number;
  assignee_id: number | null;
  group_id: number | null;
  satisfaction_token: string | null;
  deleted_ts: number | null;
  requester_email: string;
  requester_name: string;
  requester_language: string;
  requester_type: string;
  /** The support address it came in on (its mails go out from it); null: the main one. */
  support_address: string | null;
}

const factsOf = (where: SQL) =>
  sql`SELECT t.ticket_id, t.subject, t.ticket_state, t.ticket_type, t.source, t.requester_id, t.assignee_id,
      t.group_id, t.satisfaction_token, t.deleted_ts, a.email AS requester_email, a.real_name AS requester_name,
      a.default_language AS requester_language, a.user_type AS requester_type, mt.address AS support_address
    FROM ticket t JOIN account a ON a.account_id = t.requester_id
    LEFT JOIN mail_ticket mt ON mt.ticket_id = t.ticket_id
    WHERE ${where}`;

export async function ticketFacts(db: DbOrTx, ticketId: number): Promise<TicketFacts | null> {
  const [row] = await queryRows<TicketFacts>(db, factsOf(sql`t.ticket_id = ${ticketId}`));
  return row ?? null;
}

/** The facts of many tickets in one statement (an automation's batch), by ticket id. */
export async function ticketsFacts(db: DbOrTx, ticketIds: number[]): Promise<TicketFacts[]> {
  return queryRows<TicketFacts>(
    db,
    factsOf(sql`t.ticket_id = ANY(${intArrayLiteral(ticketIds)}::int[]) ORDER BY t.ticket_id`),
  );
}

/** A chat ticket: its chat messages and its end are not mailed one by one (see mail.transcript.ts, isChatMessage). */
export const isChat = (t: TicketFacts) => t.ticket_type === 'chat' || t.source === 'chat';

/** Was this comment said in the chat (the visitor's widget shows it), rather than on the ticket or by mail? */
export async function isChatMessage(db: DbOrTx, commentId: number): Promise<boolean> {
  const rows = await queryRows(db, sql`SELECT 1 FROM chat_message WHERE comment_id = ${commentId}`);
  return rows.length > 0;
}

export async function ccEmails(db: DbOrTx, ticketId: number): Promise<string[]> {
  const rows = await queryRows<{ email: string }>(
    db,
    sql`SELECT a.email FROM ticket_member m JOIN account a ON a.account_id = m.account_id
        WHERE m.ticket_id = ${ticketId} AND m.member_type = 'cc' ORDER BY a.account_id`,
  );
  return rows.map((r) => r.email);
}

/**
 * The addresses of a ticket's assignee and followers who may still sign in (staff only) and want
 * a mail when the customer replies (their `notify_replied`).
 */
export async function assigneeAndFollowers(db: DbOrTx, t: TicketFacts): Promise<string[]> {
  const rows = await queryRows<{ email: string }>(
    db,
    sql`SELECT a.email FROM account a
        WHERE a.user_type <> 'end_user' AND a.access_state = 'allowed' AND a.notify_replied
          AND (a.account_id = ${t.assignee_id}
          OR a.account_id IN (SELECT account_id FROM ticket_member WHERE ticket_id = ${t.ticket_id} AND member_type = 'follower'))
        ORDER BY a.account_id`,
  );
  return rows.map((r) => r.email);
}

/**
 * The agents to tell of a new ticket, in one statement: those who may see it (the `ticket_access`
 * rule of ticket.policy.ts, in SQL: admins, agents with access to all tickets, agents of its group
 * with group access, and its assignee) and chose to hear of it (their `notify_new`: `all` they may
 * see, `groups` only when its group is one of theirs, `none` never).
 */
export async function agentsToTellOfNew(db: DbOrTx, t: TicketFacts): Promise<string[]> {
  const inItsGroup = sql`EXISTS (
    SELECT 1 FROM group_account g WHERE g.account_id = a.account_id AND g.group_id = ${t.group_id})`;
  const rows = await queryRows<{ email: string }>(
    db,
    sql`SELECT a.email FROM account a
        WHERE a.user_type IN ('admin', 'agent') AND a.access_state = 'allowed' AND (
          a.user_type = 'admin' OR a.ticket_access = 'all' OR a.account_id = ${t.assignee_id}
          OR (a.ticket_access = 'groups' AND ${inItsGroup}))
          AND (a.notify_new = 'all' OR (a.notify_new = 'groups' AND ${inItsGroup}))
        ORDER BY a.account_id LIMIT 500`,
  );
  return rows.map((r) => r.email);
}

/** Addresses that may get mail: not bounced, not banned, not one of ours, not `.invalid`, each once. */
export async function deliverable(
  db: DbOrTx,
  config: MailConfig,
  emails: string[],
  except: Set<string>,
): Promise<string[]> {
  return (await sortAddresses(db, config, emails, except)).to;
}

/**
 * As `deliverable`, and the addresses left out because mail to them bounced (a reply says on its
 * ticket whom it did not reach): one statement for both.
 */
export async function sortAddresses(
  db: DbOrTx,
  config: MailConfig,
  emails: string[],
  except: Set<string>,
): Promise<{ to: string[]; bounced: string[] }> {
  const wanted = [
    ...new Set(
      emails
        .map((e) => e.trim().toLowerCase())
        .filter((e) => e && !except.has(e) && e !== config.address && !e.endsWith('.invalid')),
    ),
  ];
  const refused = await refusedAddresses(db, wanted);
  return {
    to: wanted.filter((e) => !refused.has(e)),
    bounced: wanted.filter((e) => refused.get(e) === 'bounced'),
  };
}

/** Why an address gets no mail: it bounced, it is one of our support addresses, or it is banned. */
export type Refusal = 'bounced' | 'ours' | 'banned';

/**
 * Of these (lower-case) addresses, those that bounced, are our own support addresses, or are
 * banned (the address or its @domain, as `isBanned` checks one), each with why (a bounce first):
 * one statement for any number.
 */
export async function refusedAddresses(db: DbOrTx, emails: string[]): Promise<Map<string, Refusal>> {
  const refused = new Map<string, Refusal>();
  if (emails.length === 0) {
    return refused;
  }
  const domainOf = (e: string) => `@${e.slice(e.lastIndexOf('@') + 1)}`;
  const list = textArrayLiteral(emails);
  const rows = await queryRows<{ address: string; why: Refusal }>(
    db,
    sql`SELECT address, 'bounced' AS why FROM mail_bounce WHERE address = ANY(${list}::text[])
        UNION SELECT address, 'ours' FROM mail_address WHERE address = ANY(${list}::text[])
        UNION SELECT black_value, 'banned' FROM black WHERE black_type = 'email'
          AND black_value = ANY(${textArrayLiteral([...emails, ...emails.map(domainOf)])}::text[])`,
  );
  const found = new Map<string, Set<Refusal>>();
  for (const r of rows) {
    found.set(r.address, (found.get(r.address) ?? new Set()).add(r.why));
  }
  for (const e of emails) {
    const whys = new Set([...(found.get(e) ?? []), ...(found.get(domainOf(e)) ?? [])]);
    const why = (['bounced', 'ours', 'banned'] as const).find((w) => whys.has(w));
    if (why) {
      refused.set(e, why);
    }
  }
  return refused;
}

/** Notifications that go to agents, not to the requester and CCs. */
export const toStaff = (kind: TemplateName) =>
  kind === 'ticket_new' || kind === 'ticket_assigned' || kind === 'ticket_replied';

const newMessageId = (config: MailConfig, ticketId: number, kind: string) =>
  `<parley.${ticketId}.${kind}.${Date.now().toString(36)}.${randomBytes(6).toString('hex')}@${config.domain}>`;

/** Queues one mail in the transaction (job and outgoing Message-ID commit with the write). */
export async function queueMail(
  ctx: AppContext,
  tx: Tx,
  config: MailConfig,
  mail: Omit<OutgoingMail, 'messageId'>,
  key: string,
): Promise<void> {
  if (mail.to.length === 0 && mail.cc.length === 0) {
    return;
  }
  const messageId = newMessageId(config, mail.ticketId, mail.kind);
  // A person's reply goes before the notices machine-made by the same change ("Submit as Solved":
  // the reply, then "solved"); the send worker takes a batch in priority order and sends it in turn.
  const priority = mail.kind === 'public_reply' ? 1 : 0;
  const id = await ctx.jobs.send(sendQueue, { ...mail, messageId } satisfies OutgoingMail, { tx, key, priority });
  if (id) {
    // Mails to agents thread their answers too, but stay out of the customer's References.
    const direction = toStaff(mail.kind) ? 'out_staff' : 'out';
    await tx.execute(
      sql`INSERT INTO mail_message (message_id, direction, ticket_id, comment_id, from_address, create_ts)
          VALUES (${messageId}, ${direction}, ${mail.ticketId}, ${mail.commentId}, ${config.address}, ${changeTs})
          ON CONFLICT DO NOTHING`,
    );
  }
}

/**
 * Queues many mails in the transaction in three statements whatever their number (an
 * automation's batch): the same jobs and recorded Message-IDs as `queueMail` one by one.
 */
export async function queueMails(
  ctx: AppContext,
  tx: Tx,
  config: MailConfig,
  mails: Array<{ mail: Omit<OutgoingMail, 'messageId'>; key: string }>,
): Promise<void> {
  const out = mails
    .filter((m) => m.mail.to.length > 0 || m.mail.cc.length > 0)
    .map((m) => ({ key: m.key, data: { ...m.mail, messageId: newMessageId(config, m.mail.ticketId, m.mail.kind) } }));
  const fresh = await ctx.jobs.sendMany(sendQueue, out, { tx });
  const rows = out
    .filter((_, i) => fresh[i])
    .map(({ data }) => ({
      message_id: data.messageId,
      direction: toStaff(data.kind) ? 'out_staff' : 'out',
      ticket_id: data.ticketId,
      comment_id: data.commentId,
    }));
  if (rows.length) {
    await tx.execute(
      sql`INSERT INTO mail_message (message_id, direction, ticket_id, comment_id, from_address, create_ts)
          SELECT r.message_id, r.direction, r.ticket_id, r.comment_id, ${config.address}, ${changeTs}
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            AS r(message_id text, direction text, ticket_id int, comment_id int)
          ON CONFLICT DO NOTHING`,
    );
  }
}

/** Of these accounts, the addresses (lower case) of those who want a mail when a ticket is assigned to them, by id. */
export async function assigneesToTell(db: DbOrTx, accountIds: number[]): Promise<Map<number, string>> {
  if (accountIds.length === 0) {
    return new Map();
  }
  const rows = await queryRows<{ account_id: number; email: string }>(
    db,
    sql`SELECT account_id, email FROM account
        WHERE account_id = ANY(${intArrayLiteral(accountIds)}::int[]) AND notify_assigned`,
  );
  return new Map(rows.map((r) => [Number(r.account_id), r.email.toLowerCase()]));
}

export async function accountEmail(
  db: DbOrTx,
  accountId: number | null,
): Promise<{ email: string; staff: boolean } | null> {
  if (accountId === null) {
    return null;
  }
  const [row] = await queryRows<{ email: string; user_type: string }>(
    db,
    sql`SELECT email, user_type FROM account WHERE account_id = ${accountId}`,
  );
  return row ? { email: row.email.toLowerCase(), staff: row.user_type !== 'end_user' } : null;
}
