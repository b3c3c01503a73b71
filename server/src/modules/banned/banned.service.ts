import {
  canonicalIp,
  parseBannedValue,
  type TBanned,
  type TBannedType,
  type ZBannedAddRequest,
  type ZBannedListRequest,
} from '@parley/contracts';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ActorContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { banned } from '../../db/schema/index.js';
import { invalid } from '../../http/app-error.js';
import { likeOf, toCount } from '../search/search.js';

/** Checks and normalises a banned value (contracts' rule, shared with the form); the messages are the spec's. */
export function normaliseBanned(type: TBannedType, value: string): string {
  const parsed = parseBannedValue(type, value);
  if (!parsed.ok) {
    throw invalid(parsed.message, 'black_value');
  }
  return parsed.value;
}

const present = (r: typeof banned.$inferSelect): TBanned => ({
  black_id: r.blackId,
  black_type: r.blackType as TBannedType,
  black_value: r.blackValue,
  reason: r.reason,
  create_ts: r.createTs,
});

export async function bannedList(db: Db, input: z.output<typeof ZBannedListRequest>) {
  const filters: SQL[] = [];
  if (input.black_type) {
    filters.push(eq(banned.blackType, input.black_type));
  }
  if (input.kw) {
    filters.push(or(ilike(banned.blackValue, likeOf(input.kw)), ilike(banned.reason, likeOf(input.kw))) as SQL);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, totals] = await Promise.all([
    db.select().from(banned).where(where).orderBy(desc(banned.blackId)).offset(input.offset).limit(input.limit),
    db.select({ n: count() }).from(banned).where(where),
  ]);
  return { list: rows.map(present), total: toCount(totals) };
}

export async function bannedAdd({ db, actor }: ActorContext, input: z.output<typeof ZBannedAddRequest>) {
  const value = normaliseBanned(input.black_type, input.black_value);
  const inserted = await db
    .insert(banned)
    .values({
      blackType: input.black_type,
      blackValue: value,
      reason: input.reason,
      creatorId: actor.account.accountId,
      createTs: Date.now(),
    })
    .onConflictDoNothing()
    .returning({ blackId: banned.blackId });
  if (!inserted[0]) {
    throw invalid('black_exists', 'black_value');
  }
  return { black_id: inserted[0].blackId };
}

/** All or nothing: an id that names no entry refuses the whole delete. */
export async function bannedDelete(db: Db, ids: number[]) {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(banned).where(inArray(banned.blackId, ids)).returning({ id: banned.blackId });
    if (deleted.length !== new Set(ids).size) {
      throw invalid('id_not_found', 'black_ids');
    }
  });
}

/**
 * For ticket and chat intake: is this email (by address or its `@domain`) or IP address banned?
 * Either may be missing.
 */
export async function isBanned(db: DbOrTx, who: { email?: string | null; ip?: string | null }): Promise<boolean> {
  const checks: SQL[] = [];
  if (who.email) {
    const email = who.email.trim().toLowerCase();
    const domain = email.slice(email.lastIndexOf('@') + 1);
    checks.push(and(eq(banned.blackType, 'email'), inArray(banned.blackValue, [email, `@${domain}`])) as SQL);
  }
  const ip = who.ip ? canonicalIp(who.ip) : null;
  if (ip) {
    checks.push(and(eq(banned.blackType, 'ip'), eq(banned.blackValue, ip)) as SQL);
  }
  if (checks.length === 0) {
    return false;
  }
  const rows = await db
    .select({ id: banned.blackId })
    .from(banned)
    .where(or(...checks))
    .limit(1);
  return rows.length > 0;
}
