import type { TTagItem, ZTagListRequest } from '@parley/contracts';
import { asc, count, eq, inArray, like, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { ticketTag } from '../../db/schema/index.js';
import type { EventBus } from '../../events/bus.js';
import { emit, transact } from '../../events/transact.js';
import { invalid, notFound } from '../../http/app-error.js';
import type { Actor } from '../auth/actor.js';
import { toCount } from '../search/search.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { ticketOrder } from '../ticket-search/ticket-list.repo.js';
import { countTickets } from '../ticket-search/ticket-list.service.js';
import { retagTickets } from './tag.repo.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Live tickets carrying the tag: exact up to 10,000, then the planner's estimate (as the lists count). */
async function usage(db: DbOrTx, tagName: string) {
  const where = sql`deleted_ts IS NULL AND tags @> ARRAY[${tagName}]::text[]`;
  return countTickets(db, where, ticketOrder('-update_ts'));
}

async function present(db: DbOrTx, row: { tagName: string; createTs: number }): Promise<TTagItem> {
  const n = await usage(db, row.tagName);
  return { tag_name: row.tagName, ticket_count: n.total, count_estimated: n.estimated, create_ts: row.createTs };
}

/** Tags by name (a prefix of `kw`), each with its number of tickets. */
export async function tagSettingList(db: Db, input: z.output<typeof ZTagListRequest>) {
  const kw = input.kw?.trim().toLowerCase();
  const where = kw ? like(ticketTag.tagName, `${escapeLike(kw)}%`) : undefined;
  const [rows, totals, settings] = await Promise.all([
    db.select().from(ticketTag).where(where).orderBy(asc(ticketTag.tagName)).offset(input.offset).limit(input.limit),
    db.select({ n: count() }).from(ticketTag).where(where),
    getTicketSettings(db),
  ]);
  return {
    list: await Promise.all(rows.map((r) => present(db, r))),
    total: toCount(totals),
    enable_tag: settings.enable_tag,
  };
}

async function existing(db: DbOrTx, names: string[]) {
  const unique = [...new Set(names)];
  const rows = await db.select().from(ticketTag).where(inArray(ticketTag.tagName, unique));
  if (rows.length !== unique.length) {
    throw notFound();
  }
  return rows;
}

export async function tagGet(db: Db, tagName: string) {
  const [row] = await existing(db, [tagName]);
  return present(db, row as { tagName: string; createTs: number });
}

/** Tags change only while the ticket setting `enable_tag` is on. */
async function refuseDisabled(db: DbOrTx) {
  if (!(await getTicketSettings(db)).enable_tag) {
    throw invalid('tags_disabled');
  }
}

/** A tag offered to agents before any ticket carries it. */
export async function tagAdd(db: Db, tagName: string) {
  await refuseDisabled(db);
  const added = await db
    .insert(ticketTag)
    .values({ tagName, createTs: Date.now() })
    .onConflictDoNothing()
    .returning({ tagName: ticketTag.tagName });
  if (added.length === 0) {
    throw invalid('tag_exists', 'tag_name');
  }
}

/**
 * Rename, merge and delete: every ticket carrying one of `from` follows, in one transaction
 * (all tickets or none), one `tags` event per ticket changed. Update times stay: an admin
 * tidying tags is not news on each ticket, and the lists keep their order. The tickets' change is
 * still told (`tickets.changed`, a batch at a time): pages open on them show the new tags, SLA
 * targets follow a policy that looks at tags, and an agent's save from a form drawn before keeps
 * the new name (`changedSince` reads the `tags` events).
 */
async function retag(ctx: TagContext, actor: Actor, from: string[], into: string | null) {
  return transact(ctx, async (tx) => {
    await existing(tx, from);
    const now = Date.now();
    if (into !== null) {
      await tx.insert(ticketTag).values({ tagName: into, createTs: now }).onConflictDoNothing();
    }
    const actorId = actor.account.accountId;
    const changed = await retagTickets(tx, from, into, actorId, now, (ticketIds) =>
      emit(tx, { type: 'tickets.changed', ticketIds, actorId, kinds: [{ ticketIds, fields: ['tags'] }] }),
    );
    await tx.delete(ticketTag).where(
      inArray(
        ticketTag.tagName,
        from.filter((f) => f !== into),
      ),
    );
    return { ticket_count: changed };
  });
}

/** Rename: to a name that exists already is a merge, and says so. */
type TagContext = { db: Db; events: EventBus };

export async function tagRename(ctx: TagContext, actor: Actor, tagName: string, newName: string) {
  const { db } = ctx;
  await refuseDisabled(db);
  if (newName === tagName) {
    await existing(db, [tagName]);
    return { ticket_count: 0 };
  }
  const [taken] = await db.select().from(ticketTag).where(eq(ticketTag.tagName, newName));
  if (taken) {
    throw invalid('tag_exists', 'new_name');
  }
  return retag(ctx, actor, [tagName], newName);
}

export async function tagMerge(ctx: TagContext, actor: Actor, tagNames: string[], into: string) {
  await refuseDisabled(ctx.db);
  if (tagNames.includes(into)) {
    throw invalid('tag_merge_self', 'into');
  }
  await existing(ctx.db, [into]);
  return retag(ctx, actor, tagNames, into);
}

export async function tagDelete(ctx: TagContext, actor: Actor, tagNames: string[]) {
  await refuseDisabled(ctx.db);
  return retag(ctx, actor, tagNames, null);
}
