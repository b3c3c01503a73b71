import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { bodyText } from '../ticket/ticket.sanitize.js';
import { fieldWords } from '../ticket-field/field-values.js';
import { allFields } from '../ticket-field/ticket-field.service.js';
import { setSearchWordsOf } from './search-words.js';
import { documentTokens } from './tokenize.js';

/**
 * What a ticket's search words (`ticket_search`) hold, by version: 1 the words of the subject and comments;
 * 2 adds English word stems and the requester's name and email, so that `printers` finds
 * "printer" and `jane.doe@acme-corp.com` or `王伟` finds that requester's tickets; 3 adds emoji,
 * so that a search for 🙂 or 👍 finds them (tokenize.ts). Tickets
 * written before are brought up to date by the `search.reindex` job, a batch at a time, in the
 * background of a running server (`search_index_state` keeps where it got to).
 */
export const searchIndexVersion = 3;
export const searchReindexQueue = 'search.reindex';
const batchSize = 500;

/**
 * The words a ticket holds for its requester: their name and email (every ticket write, the
 * reindex, and the seed script, so that a seeded database searches like a live one).
 */
export function requesterWords(realName: string | null, email: string | null, into: Set<string> = new Set()) {
  return documentTokens(`${realName ?? ''} ${email ?? ''}`, into);
}

/** Adds the requester's name and email to a ticket's tokens. */
export async function addRequesterTokens(db: DbOrTx, requesterId: number, into: Set<string>): Promise<Set<string>> {
  const [who] = await queryRows<{ real_name: string | null; email: string | null }>(
    db,
    sql`SELECT real_name, email FROM account WHERE account_id = ${requesterId}`,
  );
  return requesterWords(who?.real_name ?? null, who?.email ?? null, into);
}

export function registerSearchReindex(ctx: AppContext): void {
  ctx.jobs.define<{ cursor: number }>(searchReindexQueue, {
    attempts: 5,
    batchSize: 1,
    handler: async () => {
      const next = await reindexBatches(ctx.db, 10);
      if (next !== null) {
        await ctx.jobs.send(searchReindexQueue, { cursor: next }, { key: `v${searchIndexVersion}:${next}` });
      }
    },
  });
}

/** Queues the reindex when the stored index is older than this code's (once per cursor across processes). */
export async function queueReindexIfStale(ctx: AppContext): Promise<boolean> {
  const [state] = await queryRows<{ version: number; cursor: number }>(
    ctx.db,
    sql`SELECT version, cursor FROM search_index_state WHERE id = 1`,
  );
  if (!state || state.version >= searchIndexVersion) {
    return false;
  }
  await ctx.jobs.send(searchReindexQueue, { cursor: state.cursor }, { key: `v${searchIndexVersion}:${state.cursor}` });
  return true;
}

/**
 * Rewrites the search vectors of up to `batches` × 500 tickets after the stored cursor. Each
 * batch is one transaction that locks its tickets, so a reply arriving meanwhile waits and then
 * adds its words to the new vector rather than being overwritten. Answers the cursor to go on
 * from, or null when every ticket is done (and the index is marked current).
 */
export async function reindexBatches(db: DbOrTx, batches: number): Promise<number | null> {
  const fieldScope = { defs: new Map((await allFields(db)).map((f) => [f.fieldId, f])), form: null };
  for (let b = 0; b < batches; b++) {
    const done = await db.transaction(async (tx) => {
      const [state] = await queryRows<{ version: number; cursor: number }>(
        tx,
        sql`SELECT version, cursor FROM search_index_state WHERE id = 1 FOR UPDATE`,
      );
      if (!state || state.version >= searchIndexVersion) {
        return true;
      }
      const tickets = await queryRows<{
        ticket_id: number;
        subject: string;
        real_name: string | null;
        email: string | null;
        fields: Record<string, unknown> | null;
      }>(
        tx,
        sql`SELECT t.ticket_id, t.subject, a.real_name, a.email, t.fields
          FROM ticket t LEFT JOIN account a ON a.account_id = t.requester_id
          WHERE t.ticket_id > ${state.cursor} ORDER BY t.ticket_id LIMIT ${batchSize} FOR UPDATE OF t`,
      );
      if (tickets.length === 0) {
        await tx.execute(sql`UPDATE search_index_state SET version = ${searchIndexVersion}, cursor = 0 WHERE id = 1`);
        return true;
      }
      const ids = tickets.map((t) => Number(t.ticket_id));
      const bodies = await queryRows<{ ticket_id: number; body: string }>(
        tx,
        sql`SELECT ticket_id, body FROM ticket_comment WHERE ticket_id = ANY(${intArrayLiteral(ids)}::int[])`,
      );
      const tokens = new Map(
        tickets.map((t) => [
          Number(t.ticket_id),
          requesterWords(
            t.real_name,
            t.email,
            documentTokens(`${t.subject}\n${fieldWords(fieldScope, t.fields ?? {})}`),
          ),
        ]),
      );
      for (const c of bodies) {
        const into = tokens.get(Number(c.ticket_id));
        if (into) {
          documentTokens(bodyText(c.body), into);
        }
      }
      await setSearchWordsOf(
        tx,
        ids.map((id) => ({ ticket_id: id, words: tokens.get(id) ?? [] })),
      );
      await tx.execute(sql`UPDATE search_index_state SET cursor = ${ids[ids.length - 1] as number} WHERE id = 1`);
      return false;
    });
    if (done) {
      return null;
    }
  }
  const [state] = await queryRows<{ cursor: number }>(db, sql`SELECT cursor FROM search_index_state WHERE id = 1`);
  return Number(state?.cursor ?? 0);
}
