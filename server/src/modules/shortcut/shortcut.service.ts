import type { TAllowType, TShortcut, ZShortcutAddRequest, ZShortcutListRequest } from '@parley/contracts';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { refuseTakenName } from '../../db/names.js';
import { shortcut } from '../../db/schema/index.js';
import { invalid, notFound } from '../../http/app-error.js';
import type { Actor } from '../auth/actor.js';
import { likeOf, toCount } from '../search/search.js';
import { maySeeShortcut } from './shortcut.policy.js';

type Input = z.output<typeof ZShortcutAddRequest>;
type Row = typeof shortcut.$inferSelect;

const present = (r: Row): TShortcut => ({
  shortcut_id: r.shortcutId,
  title: r.title,
  message: r.message,
  allow_type: r.allowType as TAllowType,
  tag_ids: r.tagIds,
  choice_list: r.choiceList,
  creator_id: r.creatorId,
  create_ts: r.createTs,
  update_ts: r.updateTs,
});

/**
 * Tags are names (`ticket_tag`), not ids: no tag id exists, so none may be added. Ids a shortcut
 * already holds (kept from before) may be sent back unchanged.
 */
function checkTagIds(input: Input, kept: number[] = []) {
  if (input.tag_ids.some((id) => !kept.includes(id))) {
    throw invalid('id_not_found', 'tag_ids');
  }
}

const values = (input: Input) => ({
  title: input.title,
  message: input.message,
  allowType: input.allow_type,
  tagIds: [...new Set(input.tag_ids)],
  choiceList: input.choice_list,
  updateTs: Date.now(),
});

/** Everyone's list (admins' too) is the shared shortcuts and their own: it feeds the chat picker. */
export async function shortcutList(db: Db, actor: Actor, input: z.output<typeof ZShortcutListRequest>) {
  const filters: SQL[] = [or(eq(shortcut.allowType, 'all'), eq(shortcut.creatorId, actor.account.accountId)) as SQL];
  if (input.kw) {
    filters.push(or(ilike(shortcut.title, likeOf(input.kw)), ilike(shortcut.message, likeOf(input.kw))) as SQL);
  }
  const where = and(...filters);
  const [rows, totals] = await Promise.all([
    db.select().from(shortcut).where(where).orderBy(desc(shortcut.shortcutId)).offset(input.offset).limit(input.limit),
    db.select({ n: count() }).from(shortcut).where(where),
  ]);
  return { list: rows.map(present), total: toCount(totals) };
}

/** Someone else's `me` shortcut answers 0404, as if it did not exist. */
async function visible(db: DbOrTx, actor: Actor, ids: number[]): Promise<Row[]> {
  const unique = [...new Set(ids)];
  const rows = await db.select().from(shortcut).where(inArray(shortcut.shortcutId, unique));
  const who = { accountId: actor.account.accountId, userType: actor.account.userType };
  if (rows.length !== unique.length || !rows.every((r) => maySeeShortcut(who, r))) {
    throw notFound();
  }
  return rows;
}

export async function shortcutGet(db: Db, actor: Actor, shortcutId: number) {
  const [row] = await visible(db, actor, [shortcutId]);
  return present(row as Row);
}

/**
 * A title is taken by a shared shortcut or another of the owner's own; other agents' own shortcuts
 * are theirs, unseen by the owner, and do not count.
 */
function seenByOwner(ownerId: number | null): SQL {
  return ownerId === null ? sql`allow_type = 'all'` : sql`(allow_type = 'all' OR creator_id = ${ownerId})`;
}

export async function shortcutAdd(db: Db, actor: Actor, input: Input) {
  checkTagIds(input);
  return db.transaction(async (tx) => {
    await refuseTakenName(tx, 'shortcut', input.title, 0, seenByOwner(actor.account.accountId));
    const [row] = await tx
      .insert(shortcut)
      .values({ ...values(input), creatorId: actor.account.accountId, createTs: Date.now() })
      .returning({ shortcutId: shortcut.shortcutId });
    return { shortcut_id: row?.shortcutId as number };
  });
}

export async function shortcutEdit(db: Db, actor: Actor, input: Input & { shortcut_id: number }) {
  const [row] = await visible(db, actor, [input.shortcut_id]);
  checkTagIds(input, row?.tagIds ?? []);
  await db.transaction(async (tx) => {
    await refuseTakenName(tx, 'shortcut', input.title, input.shortcut_id, seenByOwner(row?.creatorId ?? null));
    await tx.update(shortcut).set(values(input)).where(eq(shortcut.shortcutId, input.shortcut_id));
  });
}

/** All or nothing: one id that is missing or not the caller's answers 0404 and deletes none. */
export async function shortcutDelete(db: Db, actor: Actor, ids: number[]) {
  await db.transaction(async (tx) => {
    await visible(tx, actor, ids);
    await tx.delete(shortcut).where(inArray(shortcut.shortcutId, ids));
  });
}
