import type { TAttachment, TChatMessage, TChatSummary, TPageGreeting } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import type { StoredChatAnswer } from '../../db/schema/chat.js';

/** A requester counts as active if they wrote within the last 180 seconds (docs/product.md §4). */
export const visitorActiveMs = 180_000;

export interface SessionRow {
  ticketId: number;
  visitorId: number;
  acceptedBy: number | null;
  acceptedTs: number | null;
  endedTs: number | null;
  visitorIp: string;
  /** Since when it waits for an agent; null while an agent has it (chat.missed.ts). */
  waitingTs: number | null;
  /** The widget's language when it started ('' for chats from before it was kept). */
  lang: string;
}

const readSession = (r: Record<string, unknown>): SessionRow => ({
  ticketId: Number(r.ticket_id),
  visitorId: Number(r.visitor_id),
  acceptedBy: r.accepted_by === null ? null : Number(r.accepted_by),
  acceptedTs: r.accepted_ts === null ? null : Number(r.accepted_ts),
  endedTs: r.ended_ts === null ? null : Number(r.ended_ts),
  visitorIp: String(r.visitor_ip),
  waitingTs: r.waiting_ts === null ? null : Number(r.waiting_ts),
  lang: String(r.lang),
});

const sessionColumns = sql`ticket_id, visitor_id, accepted_by, accepted_ts, ended_ts, visitor_ip, waiting_ts, lang`;

export async function sessionByTokenHash(db: DbOrTx, tokenHash: string): Promise<SessionRow | null> {
  const rows = await queryRows(
    db,
    sql`SELECT ${sessionColumns} FROM chat_session WHERE visitor_token_hash = ${tokenHash}`,
  );
  return rows[0] ? readSession(rows[0]) : null;
}

export async function sessionByTicket(db: DbOrTx, ticketId: number): Promise<SessionRow | null> {
  const rows = await queryRows(db, sql`SELECT ${sessionColumns} FROM chat_session WHERE ticket_id = ${ticketId}`);
  return rows[0] ? readSession(rows[0]) : null;
}

/** The message a client retried: the same `client_message_id` on the same chat. */
export async function messageByClientId(db: DbOrTx, ticketId: number, clientMessageId: string) {
  const rows = await queryRows<{ comment_id: number }>(
    db,
    sql`SELECT comment_id FROM chat_message WHERE ticket_id = ${ticketId} AND client_message_id = ${clientMessageId}`,
  );
  return rows[0] ? Number(rows[0].comment_id) : null;
}

const messageSelect = sql`SELECT c.comment_id, c.ticket_id, c.author_id, c.body, c.is_public, c.create_ts,
    m.client_message_id, m.reply_type, m.from_visitor, m.quick_replies, m.automatic,
    CASE WHEN m.from_visitor AND s.visitor_name <> '' THEN s.visitor_name
      ELSE COALESCE(NULLIF(a.alias_name, ''), a.real_name, '') END AS author_name,
    COALESCE((SELECT array_agg(f.file_id ORDER BY f.file_id) FROM ticket_attachment f WHERE f.comment_id = c.comment_id), '{}') AS file_ids,
    COALESCE((SELECT json_agg(json_build_object('file_id', f.file_id, 'file_name', f.file_name, 'size', f.size,
        'content_type', f.content_type) ORDER BY f.file_id) FROM ticket_attachment f WHERE f.comment_id = c.comment_id), '[]') AS files
  FROM chat_message m
  JOIN ticket_comment c ON c.comment_id = m.comment_id
  LEFT JOIN chat_session s ON s.ticket_id = m.ticket_id
  LEFT JOIN account a ON a.account_id = c.author_id`;

function presentMessage(r: Record<string, unknown>): TChatMessage {
  const fileIds = r.file_ids;
  return {
    message_id: Number(r.comment_id),
    ticket_id: Number(r.ticket_id),
    type: 'ticket_reply',
    account_id: r.author_id === null ? null : Number(r.author_id),
    real_name: String(r.author_name ?? ''),
    from_visitor: Boolean(r.from_visitor),
    is_public: Boolean(r.is_public),
    ...(r.reply_type === 'end_chat' ? { reply_type: 'end_chat' as const } : {}),
    body: String(r.body),
    file_ids: Array.isArray(fileIds) ? fileIds.map(String) : parseTextArray(String(fileIds ?? '{}')),
    files: (typeof r.files === 'string'
      ? (JSON.parse(r.files) as TAttachment[])
      : ((r.files ?? []) as TAttachment[])
    ).map((f) => ({
      file_id: String(f.file_id),
      file_name: String(f.file_name),
      size: Number(f.size),
      content_type: String(f.content_type),
    })),
    quick_replies: Array.isArray(r.quick_replies) ? r.quick_replies.map(String) : [],
    automatic: Boolean(r.automatic),
    client_message_id: r.client_message_id === null ? null : String(r.client_message_id),
    create_ts: Number(r.create_ts),
  };
}

/** PGlite and pg both parse text[]; this is the fallback for a driver that hands the literal over. */
function parseTextArray(literal: string): string[] {
  const inner = literal.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',') : [];
}

export async function findMessage(db: DbOrTx, commentId: number): Promise<TChatMessage | null> {
  const rows = await queryRows(db, sql`${messageSelect} WHERE m.comment_id = ${commentId}`);
  return rows[0] ? presentMessage(rows[0]) : null;
}

/** The chat's messages after `afterId`, oldest first; visitors see public ones only. */
export async function listMessages(
  db: DbOrTx,
  ticketId: number,
  afterId: number,
  publicOnly: boolean,
): Promise<TChatMessage[]> {
  const rows = await queryRows(
    db,
    sql`${messageSelect} WHERE m.ticket_id = ${ticketId} AND m.comment_id > ${afterId}
      ${publicOnly ? sql`AND c.is_public` : sql``} ORDER BY m.comment_id LIMIT 1000`,
  );
  return rows.map(presentMessage);
}

const summarySelect = sql`SELECT t.ticket_id, t.subject, t.ticket_state, t.requester_id, t.assignee_id, t.group_id,
    s.page_url, s.answers, s.accepted_by, s.last_visitor_ts, s.create_ts, s.ended_ts,
    COALESCE(NULLIF(s.visitor_name, ''), a.real_name) AS visitor_name, a.email AS visitor_email
  FROM chat_session s
  JOIN ticket t ON t.ticket_id = s.ticket_id
  JOIN account a ON a.account_id = s.visitor_id`;

export interface SummaryRow {
  summary: TChatSummary;
  assigneeId: number | null;
  groupId: number | null;
}

function presentSummary(r: Record<string, unknown>, now: number): SummaryRow {
  const answers = (typeof r.answers === 'string' ? JSON.parse(r.answers) : r.answers) as StoredChatAnswer[];
  const lastVisitorTs = Number(r.last_visitor_ts);
  return {
    assigneeId: r.assignee_id === null ? null : Number(r.assignee_id),
    groupId: r.group_id === null ? null : Number(r.group_id),
    summary: {
      ticket_id: Number(r.ticket_id),
      subject: String(r.subject),
      ticket_state: String(r.ticket_state),
      requester_id: Number(r.requester_id),
      visitor_name: String(r.visitor_name),
      visitor_email: String(r.visitor_email),
      page_url: String(r.page_url),
      answers: answers.map((a) => ({ question_id: a.question_id, title: a.title, answer: a.answer })),
      accepted_by: r.accepted_by === null ? null : Number(r.accepted_by),
      visitor_active: now - lastVisitorTs <= visitorActiveMs,
      last_visitor_ts: lastVisitorTs,
      create_ts: Number(r.create_ts),
      ended: r.ended_ts !== null,
    },
  };
}

export async function findSummary(db: DbOrTx, ticketId: number): Promise<SummaryRow | null> {
  const rows = await queryRows(db, sql`${summarySelect} WHERE s.ticket_id = ${ticketId} AND t.deleted_ts IS NULL`);
  return rows[0] ? presentSummary(rows[0], Date.now()) : null;
}

/** Chats nobody has accepted yet, oldest first, and the agent's own open chats. */
export async function queueRows(db: DbOrTx, accountId: number) {
  const now = Date.now();
  const waiting = await queryRows(
    db,
    sql`${summarySelect} WHERE s.accepted_by IS NULL AND s.ended_ts IS NULL AND t.deleted_ts IS NULL
      ORDER BY s.create_ts LIMIT 200`,
  );
  const active = await queryRows(
    db,
    sql`${summarySelect} WHERE s.accepted_by = ${accountId} AND s.ended_ts IS NULL AND t.deleted_ts IS NULL
      ORDER BY s.create_ts LIMIT 200`,
  );
  return { waiting: waiting.map((r) => presentSummary(r, now)), active: active.map((r) => presentSummary(r, now)) };
}

/** The chats this agent accepted that have not ended. */
export async function activeChatsOf(db: DbOrTx, accountId: number): Promise<number[]> {
  const rows = await queryRows<{ ticket_id: number }>(
    db,
    sql`SELECT ticket_id FROM chat_session WHERE accepted_by = ${accountId} AND ended_ts IS NULL ORDER BY ticket_id`,
  );
  return rows.map((r) => Number(r.ticket_id));
}

/** Open chats per agent, for routing by the fewest. */
export async function openChatCounts(db: DbOrTx, accountIds: number[]): Promise<Map<number, number>> {
  const counts = new Map(accountIds.map((id) => [id, 0]));
  if (accountIds.length === 0) {
    return counts;
  }
  const rows = await queryRows<{ accepted_by: number; n: number }>(
    db,
    sql`SELECT accepted_by, count(*)::int AS n FROM chat_session WHERE ended_ts IS NULL
      AND accepted_by = ANY(${intArrayLiteral(accountIds)}::int[]) GROUP BY accepted_by`,
  );
  for (const r of rows) {
    counts.set(Number(r.accepted_by), Number(r.n));
  }
  return counts;
}

/** Of these accounts, those that take chats now: allowed, `tool_access` has chat, state online. */
export async function routableAgents(db: DbOrTx, accountIds: number[]): Promise<number[]> {
  if (accountIds.length === 0) {
    return [];
  }
  const rows = await queryRows<{ account_id: number }>(
    db,
    sql`SELECT account_id FROM account WHERE account_id = ANY(${intArrayLiteral(accountIds)}::int[])
      AND access_state = 'allowed' AND user_type IN ('admin', 'agent') AND chat_state = 'online'
      AND 'chat' = ANY(tool_access) ORDER BY account_id`,
  );
  return rows.map((r) => Number(r.account_id));
}

/**
 * Which of these staff accounts may see the chat's ticket (as `maySeeTicket`: an admin, access to
 * all tickets, its assignee, or a member of its group with access to their groups' tickets): the
 * only ones told of it. The others could neither open nor accept it.
 */
export async function chatViewers(db: DbOrTx, ticketId: number, accountIds: number[]): Promise<number[]> {
  if (accountIds.length === 0) {
    return [];
  }
  const rows = await queryRows<{ account_id: number }>(
    db,
    sql`SELECT a.account_id FROM account a JOIN ticket t ON t.ticket_id = ${ticketId}
      WHERE a.account_id = ANY(${intArrayLiteral(accountIds)}::int[])
        AND (a.user_type = 'admin' OR a.ticket_access = 'all' OR t.assignee_id = a.account_id
          OR (a.ticket_access = 'groups' AND EXISTS (SELECT 1 FROM group_account ga
            WHERE ga.account_id = a.account_id AND ga.group_id = t.group_id)))
      ORDER BY a.account_id`,
  );
  return rows.map((r) => Number(r.account_id));
}

/** The group a route-by-answer chat trigger sends these answers to (the first trigger that matches). */
export async function routeGroupFor(db: DbOrTx, answers: StoredChatAnswer[]): Promise<number | null> {
  const picked = answers.filter((a) => a.choice_id !== null);
  if (picked.length === 0) {
    return null;
  }
  const rows = await queryRows<{ group_id: number; question_id: number; choice_id: number }>(
    db,
    sql`SELECT group_id, question_id, choice_id FROM chat_trigger
      WHERE trigger_type = 'route_by_answer' AND enabled AND group_id IS NOT NULL ORDER BY trigger_id`,
  );
  const hit = rows.find((r) =>
    picked.some((a) => a.question_id === Number(r.question_id) && a.choice_id === Number(r.choice_id)),
  );
  return hit ? Number(hit.group_id) : null;
}

/** The group a chat was routed to by a trigger, and which of these agents belong to it. */
export async function routeGroupMembers(db: DbOrTx, ticketId: number, accountIds: number[]): Promise<number[] | null> {
  const rows = await queryRows<{ route_group_id: number | null; members: number[] | string | null }>(
    db,
    sql`SELECT s.route_group_id,
        (SELECT array_agg(ga.account_id) FROM group_account ga WHERE ga.group_id = s.route_group_id
          AND ga.account_id = ANY(${intArrayLiteral(accountIds.length ? accountIds : [0])}::int[])) AS members
      FROM chat_session s WHERE s.ticket_id = ${ticketId}`,
  );
  const r = rows[0];
  if (!r || r.route_group_id === null) {
    return null;
  }
  const members = Array.isArray(r.members) ? r.members : parseTextArray(String(r.members ?? '{}'));
  return members.map(Number);
}

/** The page greetings the launcher shows on host pages (enabled ones only). */
export async function pageGreetings(db: DbOrTx): Promise<TPageGreeting[]> {
  const rows = await queryRows<{ url_contains: string; delay_seconds: number; message: string }>(
    db,
    sql`SELECT url_contains, delay_seconds, message FROM chat_trigger
      WHERE trigger_type = 'page_greeting' AND enabled ORDER BY trigger_id LIMIT 20`,
  );
  return rows.map((r) => ({
    url_contains: String(r.url_contains ?? ''),
    delay_seconds: Number(r.delay_seconds),
    message: String(r.message),
  }));
}

/**
 * Whether an agent took the chat or wrote the visitor a message (not an automatic one): what the
 * widget counts before it offers a rating.
 */
export async function agentAnswered(db: DbOrTx, ticketId: number): Promise<boolean> {
  const rows = await queryRows<{ answered: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM chat_session WHERE ticket_id = ${ticketId} AND accepted_by IS NOT NULL)
      OR EXISTS (SELECT 1 FROM chat_message m JOIN ticket_comment c ON c.comment_id = m.comment_id
        WHERE m.ticket_id = ${ticketId} AND NOT m.from_visitor AND NOT m.automatic AND c.is_public) AS answered`,
  );
  return rows[0]?.answered === true;
}
