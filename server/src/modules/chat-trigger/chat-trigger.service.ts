import type { TChatTrigger, TChatTriggerData } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { transact } from '../../events/transact.js';
import { invalid, notFound } from '../../http/app-error.js';
import { existingIds } from '../account/account.repo.js';
import { addAutomaticMessage, lockChat } from '../chat/chat.message.js';
import { questionAllGet } from '../question/question.service.js';

/** pg-boss queue of "nobody accepted within N seconds" replies. */
export const noAcceptQueue = 'chat-no-accept-reply';

const present = (r: Record<string, unknown>): TChatTrigger => {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    trigger_id: Number(r.trigger_id),
    title: String(r.title),
    trigger_type: r.trigger_type as TChatTrigger['trigger_type'],
    enabled: Boolean(r.enabled),
    delay_seconds: num(r.delay_seconds),
    url_contains: r.url_contains === null ? null : String(r.url_contains),
    message: r.message === null ? null : String(r.message),
    question_id: num(r.question_id),
    choice_id: num(r.choice_id),
    group_id: num(r.group_id),
    update_ts: Number(r.update_ts),
  };
};

export async function chatTriggerList(db: DbOrTx): Promise<{ list: TChatTrigger[] }> {
  const rows = await queryRows(db, sql`SELECT * FROM chat_trigger ORDER BY trigger_id`);
  return { list: rows.map(present) };
}

/** A route-by-answer trigger names a chat question, one of its choices, and a group that exists. */
async function checkReferences(db: Db, input: TChatTriggerData) {
  if (input.trigger_type !== 'route_by_answer') {
    return;
  }
  const { list } = await questionAllGet(db, 'chat');
  const question = list.find((q) => q.question_id === input.question_id);
  if (!question) {
    throw invalid('field_invalid', 'question_id');
  }
  if (!question.answers.some((c) => c.choice_id === input.choice_id)) {
    throw invalid('field_invalid', 'choice_id');
  }
  if (!(await existingIds(db, 'group', [input.group_id]))) {
    throw invalid('field_invalid', 'group_id');
  }
}

/** The row's columns: what this kind uses, null for the rest. */
function columns(input: TChatTriggerData) {
  return {
    delay: 'delay_seconds' in input ? input.delay_seconds : null,
    url: input.trigger_type === 'page_greeting' ? input.url_contains : null,
    message: 'message' in input ? input.message : null,
    question: input.trigger_type === 'route_by_answer' ? input.question_id : null,
    choice: input.trigger_type === 'route_by_answer' ? input.choice_id : null,
    group: input.trigger_type === 'route_by_answer' ? input.group_id : null,
  };
}

export async function chatTriggerAdd(db: Db, input: TChatTriggerData) {
  await checkReferences(db, input);
  const c = columns(input);
  const now = Date.now();
  const [row] = await queryRows<{ trigger_id: number }>(
    db,
    sql`INSERT INTO chat_trigger (title, trigger_type, enabled, delay_seconds, url_contains, message, question_id,
        choice_id, group_id, create_ts, update_ts)
      VALUES (${input.title}, ${input.trigger_type}, ${input.enabled}, ${c.delay}, ${c.url}, ${c.message}, ${c.question},
        ${c.choice}, ${c.group}, ${now}, ${now})
      RETURNING trigger_id`,
  );
  return { trigger_id: Number(row?.trigger_id) };
}

export async function chatTriggerEdit(db: Db, input: TChatTriggerData & { trigger_id: number }) {
  await checkReferences(db, input);
  const c = columns(input);
  const rows = await queryRows(
    db,
    sql`UPDATE chat_trigger SET title = ${input.title}, trigger_type = ${input.trigger_type}, enabled = ${input.enabled},
        delay_seconds = ${c.delay}, url_contains = ${c.url}, message = ${c.message}, question_id = ${c.question},
        choice_id = ${c.choice}, group_id = ${c.group}, update_ts = ${Date.now()}
      WHERE trigger_id = ${input.trigger_id} RETURNING trigger_id`,
  );
  if (rows.length === 0) {
    throw notFound();
  }
}

/** Deletes all of them or none: an id that does not exist answers 0404 and nothing is deleted. */
export async function chatTriggerDelete(db: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await queryRows(
      tx,
      sql`DELETE FROM chat_trigger WHERE trigger_id = ANY(${intArrayLiteral(unique)}::int[]) RETURNING trigger_id`,
    );
    if (rows.length !== unique.length) {
      throw notFound();
    }
  });
}

interface NoAcceptJob {
  ticketId: number;
  triggerId: number;
}

/**
 * The timing triggers: when a chat starts, each enabled "nobody accepted" trigger queues a job for
 * its delay in the same transaction (pg-boss, so a restart loses none). The job sends the reply
 * only if the chat still waits: nobody accepted it and it has not ended.
 */
export function registerChatTriggers(ctx: AppContext): void {
  ctx.jobs.define<NoAcceptJob>(noAcceptQueue, {
    attempts: 3,
    retryDelay: 5,
    handler: async ({ ticketId, triggerId }) => {
      await transact(ctx, async (tx) => {
        const [trigger] = await queryRows<{ message: string }>(
          tx,
          sql`SELECT message FROM chat_trigger WHERE trigger_id = ${triggerId} AND enabled
            AND trigger_type = 'no_accept_reply'`,
        );
        if (!trigger) {
          return;
        }
        const { row, session } = await lockChat(tx, ticketId).catch(() => ({ row: null, session: null }));
        if (!row || !session || session.acceptedBy !== null || session.endedTs !== null) {
          return;
        }
        await addAutomaticMessage(tx, row, String(trigger.message), `trigger:${triggerId}`);
      });
    },
  });

  ctx.events.beforeCommit('chat.started', async ({ ticketId }, tx) => {
    const triggers = await queryRows<{ trigger_id: number; delay_seconds: number }>(
      tx,
      sql`SELECT trigger_id, delay_seconds FROM chat_trigger WHERE trigger_type = 'no_accept_reply' AND enabled`,
    );
    for (const t of triggers) {
      await ctx.jobs.send<NoAcceptJob>(
        noAcceptQueue,
        { ticketId, triggerId: Number(t.trigger_id) },
        { tx, key: `${ticketId}:${t.trigger_id}`, startAfterSeconds: Number(t.delay_seconds) },
      );
    }
  });
}
