import { and, asc, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { columnsReader, intArrayLiteral, queryRows, rowReader, selectList } from '../../db/rows.js';
import {
  account,
  agentGroup,
  groupAccount,
  ticket,
  ticketAttachment,
  ticketComment,
  ticketMember,
} from '../../db/schema/index.js';
import { emit } from '../../events/transact.js';
import { textArrayLiteral } from '../ticket-search/tokenize.js';
import { eventStamp } from './ticket.stamp.js';

const ticketColumns = getTableColumns(ticket);
export type TicketRow = typeof ticket.$inferSelect;

// Read on every ticket page and write: templates, not the query builder (db/rows.ts).
const ticketSelect = selectList(ticketColumns);
const readTicket = columnsReader(ticketColumns) as (raw: Record<string, unknown>) => TicketRow;
const forUpdate = (lock: boolean) => (lock ? sql` FOR UPDATE` : sql``);

export async function findTicket(db: DbOrTx, ticketId: number, lock = false): Promise<TicketRow | null> {
  const rows = await queryRows(
    db,
    sql`SELECT ${ticketSelect} FROM ticket WHERE ticket_id = ${ticketId}${forUpdate(lock)}`,
  );
  return rows[0] ? readTicket(rows[0]) : null;
}

export async function findTickets(db: DbOrTx, ticketIds: number[], lock = false): Promise<TicketRow[]> {
  if (ticketIds.length === 0) {
    return [];
  }
  // In id order, so that two writers lock the same tickets in the same order.
  const rows = await queryRows(
    db,
    sql`SELECT ${ticketSelect} FROM ticket WHERE ticket_id = ANY(${intArrayLiteral(ticketIds)}::int[])
      ORDER BY ticket_id${forUpdate(lock)}`,
  );
  return rows.map(readTicket);
}

const readAccount = rowReader(account);

export async function findAccount(db: DbOrTx, accountId: number) {
  // On every ticket write: a template, not the query builder (db/rows.ts).
  const rows = await queryRows(db, sql`SELECT * FROM account WHERE account_id = ${accountId} LIMIT 1`);
  return rows[0] ? readAccount(rows[0]) : null;
}

export async function findAccounts(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) {
    return [];
  }
  return db.select().from(account).where(inArray(account.accountId, ids));
}

export async function findAccountByEmail(db: DbOrTx, email: string) {
  const rows = await db.select().from(account).where(eq(account.email, email)).limit(1);
  return rows[0] ?? null;
}

export async function groupExists(db: DbOrTx, groupId: number): Promise<boolean> {
  const rows = await db
    .select({ id: agentGroup.groupId })
    .from(agentGroup)
    .where(eq(agentGroup.groupId, groupId))
    .limit(1);
  return rows.length > 0;
}

/** The account's groups, the default group first. */
export async function groupsOf(db: DbOrTx, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ id: groupAccount.groupId })
    .from(groupAccount)
    .innerJoin(agentGroup, eq(agentGroup.groupId, groupAccount.groupId))
    .where(eq(groupAccount.accountId, accountId))
    .orderBy(sql`${agentGroup.isDefault} DESC`, asc(groupAccount.groupId));
  return rows.map((r) => r.id);
}

export interface Members {
  ccIds: number[];
  followerIds: number[];
}

export async function membersOf(db: DbOrTx, ticketId: number): Promise<Members> {
  const rows = await db
    .select()
    .from(ticketMember)
    .where(eq(ticketMember.ticketId, ticketId))
    .orderBy(asc(ticketMember.accountId));
  return {
    ccIds: rows.filter((r) => r.memberType === 'cc').map((r) => r.accountId),
    followerIds: rows.filter((r) => r.memberType === 'follower').map((r) => r.accountId),
  };
}

export async function setMembers(tx: DbOrTx, ticketId: number, memberType: 'cc' | 'follower', ids: number[]) {
  await tx
    .delete(ticketMember)
    .where(and(eq(ticketMember.ticketId, ticketId), eq(ticketMember.memberType, memberType)));
  await insertMembers(
    tx,
    ticketId,
    memberType === 'cc' ? { ccIds: ids, followerIds: [] } : { ccIds: [], followerIds: ids },
  );
}

/** The CCs and followers of a ticket being created: one insert, nothing to replace. */
export async function insertMembers(tx: DbOrTx, ticketId: number, members: Members) {
  const rows = [
    ...members.ccIds.map((accountId) => ({ ticketId, accountId, memberType: 'cc' as const })),
    ...members.followerIds.map((accountId) => ({ ticketId, accountId, memberType: 'follower' as const })),
  ];
  if (rows.length) {
    await tx.insert(ticketMember).values(rows);
  }
}

export interface EventInput {
  field: string;
  old?: unknown;
  new?: unknown;
}

export async function insertEvents(
  tx: DbOrTx,
  ticketId: number,
  actorId: number | null,
  now: number,
  events: EventInput[],
): Promise<void> {
  if (events.length === 0) {
    return;
  }
  emit(tx, { type: 'ticket.changed', ticketId, actorId, fields: events.map((e) => e.field) });
  await writeEventRows(tx, ticketId, actorId, now, events);
}

/**
 * A ticket's event-log rows, in order, stamped after its write (`eventStamp`), without a bus
 * event (`insertEvents` emits one; a rule's caller emits once its savepoint held).
 */
export async function writeEventRows(
  tx: DbOrTx,
  ticketId: number,
  actorId: number | null,
  now: number,
  events: EventInput[],
): Promise<void> {
  // One parameter for all the events, in order (a missing or null value is stored as NULL).
  const list = JSON.stringify(events.map((e) => ({ field: e.field, old: e.old ?? null, new: e.new ?? null })));
  await tx.execute(sql`
    INSERT INTO ticket_event (ticket_id, actor_id, field, old_value, new_value, create_ts)
    SELECT ${ticketId}, ${actorId}, e.field, e.old, e.new, ${eventStamp(now, ticketId)}
    FROM ROWS FROM (jsonb_to_recordset(${list}::jsonb) AS (field text, old jsonb, new jsonb)) WITH ORDINALITY AS e(field, old, new, n)
    ORDER BY e.n`);
}

/**
 * Attaches uploads to a comment; each upload can be attached once, and only by whoever uploaded
 * it (`uploaderId`; null for the public form's anonymous uploads): another account's pending
 * upload is not taken by knowing its id. Answers how many were taken.
 */
export async function claimAttachments(
  tx: DbOrTx,
  fileIds: string[],
  ticketId: number,
  commentId: number,
  uploaderId: number | null,
): Promise<number> {
  if (fileIds.length === 0) {
    return 0;
  }
  const taken = await tx
    .update(ticketAttachment)
    .set({ ticketId, commentId })
    .where(
      and(
        inArray(ticketAttachment.fileId, fileIds),
        isNull(ticketAttachment.commentId),
        uploaderId === null ? isNull(ticketAttachment.uploaderId) : eq(ticketAttachment.uploaderId, uploaderId),
      ),
    )
    .returning({ fileId: ticketAttachment.fileId });
  return taken.length;
}

export async function rememberTags(tx: DbOrTx, tags: string[], now: number) {
  if (tags.length) {
    await tx.execute(sql`
      INSERT INTO ticket_tag (tag_name, create_ts)
      SELECT unnest(${textArrayLiteral(tags)}::text[]), ${now}
      ON CONFLICT DO NOTHING`);
  }
}

export async function insertComment(
  tx: DbOrTx,
  values: { ticketId: number; authorId: number | null; body: string; isPublic: boolean; now: number },
): Promise<number> {
  const [row] = await queryRows<{ comment_id: number }>(
    tx,
    sql`INSERT INTO ticket_comment (ticket_id, author_id, body, is_public, create_ts)
      VALUES (${values.ticketId}, ${values.authorId}, ${values.body}, ${values.isPublic}, ${values.now})
      RETURNING comment_id`,
  );
  return Number(row?.comment_id);
}

export async function commentBodies(db: DbOrTx, ticketId: number): Promise<string[]> {
  const rows = await db
    .select({ body: ticketComment.body })
    .from(ticketComment)
    .where(eq(ticketComment.ticketId, ticketId));
  return rows.map((r) => r.body);
}
