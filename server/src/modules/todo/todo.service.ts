import type { TTodo, TTodoListResponse, ZTodoAddRequest, ZTodoEditRequest } from '@parley/contracts';
import { todoOpenMax } from '@parley/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { ticket, todo } from '../../db/schema/index.js';
import { invalid, notFound } from '../../http/app-error.js';
import type { Actor } from '../auth/actor.js';
import { maySeeTicket, viewerOf } from '../ticket/ticket.policy.js';

interface Row {
  todo_id: number;
  text: string;
  ticket_id: number | null;
  done: boolean;
  create_ts: number;
  done_ts: number | null;
  subject: string | null;
  assignee_id: number | null;
  group_id: number | null;
}

/** Open items oldest first (a list to work down), then the newest 50 done ones when asked. */
export async function todoList(db: Db, actor: Actor, includeDone: boolean): Promise<TTodoListResponse> {
  const me = actor.account.accountId;
  const rows = await queryRows<Row>(
    db,
    sql`(SELECT d.todo_id, d.text, d.ticket_id, d.done, d.create_ts, d.done_ts,
            t.subject, t.assignee_id, t.group_id
          FROM todo d LEFT JOIN ticket t ON t.ticket_id = d.ticket_id AND t.deleted_ts IS NULL
          WHERE d.account_id = ${me} AND NOT d.done ORDER BY d.todo_id LIMIT ${todoOpenMax})
        UNION ALL
        (SELECT d.todo_id, d.text, d.ticket_id, d.done, d.create_ts, d.done_ts,
            t.subject, t.assignee_id, t.group_id
          FROM todo d LEFT JOIN ticket t ON t.ticket_id = d.ticket_id AND t.deleted_ts IS NULL
          WHERE d.account_id = ${me} AND d.done AND ${includeDone} ORDER BY d.done_ts DESC, d.todo_id DESC LIMIT 50)`,
  );
  const viewer = viewerOf(actor);
  const list: TTodo[] = rows.map((r) => ({
    todo_id: r.todo_id,
    text: r.text,
    ticket_id: r.ticket_id,
    // A ticket since deleted, or moved out of the agent's sight, keeps its number but not its subject.
    ticket_subject:
      r.subject !== null && maySeeTicket(viewer, { assigneeId: r.assignee_id, groupId: r.group_id }) ? r.subject : null,
    done: r.done,
    create_ts: Number(r.create_ts),
    done_ts: r.done_ts === null ? null : Number(r.done_ts),
  }));
  return { list, open_count: list.filter((t) => !t.done).length };
}

export async function todoAdd(db: Db, actor: Actor, input: z.output<typeof ZTodoAddRequest>) {
  const me = actor.account.accountId;
  return db.transaction(async (tx) => {
    if (input.ticket_id !== null) {
      const [t] = await tx
        .select({ assigneeId: ticket.assigneeId, groupId: ticket.groupId })
        .from(ticket)
        .where(and(eq(ticket.ticketId, input.ticket_id), sql`deleted_ts IS NULL`));
      // A ticket the agent may not see is as unknown to them as one that does not exist.
      if (!t || !maySeeTicket(viewerOf(actor), t)) {
        throw invalid('id_not_found', 'ticket_id');
      }
    }
    // Serialises one agent's adds, so two at once cannot both pass the limit.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('todo'), ${me})`);
    const [open] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM todo WHERE account_id = ${me} AND NOT done`,
    );
    if ((open?.n ?? 0) >= todoOpenMax) {
      throw invalid('todo_too_many', 'text');
    }
    const [row] = await tx
      .insert(todo)
      .values({ accountId: me, text: input.text, ticketId: input.ticket_id, createTs: Date.now() })
      .returning({ todoId: todo.todoId });
    return { todo_id: row?.todoId as number };
  });
}

/** Someone else's item answers as if it did not exist. */
export async function todoEdit(db: Db, actor: Actor, input: z.output<typeof ZTodoEditRequest>) {
  const set: Partial<typeof todo.$inferInsert> = {};
  if (input.text !== undefined) {
    set.text = input.text;
  }
  if (input.done !== undefined) {
    set.done = input.done;
    set.doneTs = input.done ? Date.now() : null;
  }
  const where = and(eq(todo.todoId, input.todo_id), eq(todo.accountId, actor.account.accountId));
  if (Object.keys(set).length === 0) {
    const [found] = await db.select({ id: todo.todoId }).from(todo).where(where);
    if (!found) {
      throw notFound();
    }
    return;
  }
  const changed = await db.update(todo).set(set).where(where).returning({ id: todo.todoId });
  if (changed.length === 0) {
    throw notFound();
  }
}

/** Deletes the caller's own items among `ids`; all or none (an id not theirs refuses the lot). */
export async function todoDelete(db: Db, actor: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(todo)
      .where(and(inArray(todo.todoId, unique), eq(todo.accountId, actor.account.accountId)))
      .returning({ id: todo.todoId });
    if (gone.length !== unique.length) {
      throw invalid('id_not_found', 'todo_ids');
    }
  });
}
