import {
  type TLanguage,
  type TTicketSort,
  type TTicketView,
  type TViewConditions,
  type TViewGroupBy,
  ZTicketSort,
  ZViewColumns,
  ZViewConditions,
  ZViewGroupBy,
} from '@parley/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { ticketView } from '../../db/schema/index.js';
import { notFound } from '../../http/app-error.js';
import type { Actor } from '../auth/actor.js';
import { viewerOf } from '../ticket/ticket.policy.js';
import { ticketOrder, ticketWhere } from '../ticket-search/ticket-list.repo.js';
import { countTickets } from '../ticket-search/ticket-list.service.js';
import { mayWorkFromView, shareOf } from './view.policy.js';

export interface ViewDef {
  viewId: number;
  title: string;
  conditions: TViewConditions;
  columns: TTicketView['columns'];
  sort: TTicketSort;
  groupBy: TViewGroupBy | null;
  position: number;
  viewState: 'active' | 'inactive';
  shareType: 'all' | 'group' | 'me';
  groupId: number | null;
}

export type ViewRow = typeof ticketView.$inferSelect;

/** Stored JSON is checked on the way out too: a view that no longer parses lists nothing rather than everything. */
export function toDef(row: ViewRow, lang: TLanguage): ViewDef {
  const conditions = ZViewConditions.safeParse(row.conditions);
  const columns = ZViewColumns.safeParse(row.columns);
  const sort = ZTicketSort.safeParse(row.sort);
  const groupBy = ZViewGroupBy.safeParse(row.groupBy);
  return {
    viewId: row.viewId,
    title: row.titleI18n[lang] ?? row.title,
    conditions: conditions.success
      ? conditions.data
      : { all: [{ field: 'ticket_state', operator: 'in', value: [] }], any: [] },
    columns: columns.success ? columns.data : ['ticket_id', 'subject'],
    sort: sort.success ? sort.data : '-update_ts',
    groupBy: groupBy.success ? groupBy.data : null,
    position: row.position,
    viewState: row.viewState === 'inactive' ? 'inactive' : 'active',
    shareType: shareOf(row),
    groupId: row.groupId,
  };
}

const callerOf = (actor: Actor) => ({
  accountId: actor.account.accountId,
  userType: actor.account.userType,
  groupIds: actor.account.groupIds,
});

/**
 * Views change rarely; a list call reads its view from memory for a few seconds instead of
 * asking the database every time. The editor forgets them all when it writes.
 */
const viewTtlMs = 5_000;
const viewCache = new Map<number, { row: ViewRow | null; at: number }>();

export function forgetViews(): void {
  viewCache.clear();
}

/** An active view the caller may work from (`mayWorkFromView`); any other id answers 0404. */
export async function findView(db: DbOrTx, actor: Actor, viewId: number, lang: TLanguage): Promise<ViewDef> {
  const now = Date.now();
  let cached = viewCache.get(viewId);
  if (!cached || now - cached.at > viewTtlMs) {
    const rows = await db.select().from(ticketView).where(eq(ticketView.viewId, viewId)).limit(1);
    if (viewCache.size > 5000) {
      viewCache.clear();
    }
    cached = { row: rows[0] ?? null, at: now };
    viewCache.set(viewId, cached);
  }
  const row = cached.row;
  if (row?.viewState !== 'active' || !mayWorkFromView(callerOf(actor), row)) {
    throw notFound();
  }
  return toDef(row, lang);
}

/** The caller's active views in their order, each with the number of its tickets the caller may see. */
export async function viewList(db: Db, actor: Actor, lang: TLanguage): Promise<TTicketView[]> {
  const caller = callerOf(actor);
  const rows = (
    await db
      .select()
      .from(ticketView)
      .where(eq(ticketView.viewState, 'active'))
      .orderBy(asc(ticketView.position), asc(ticketView.viewId))
  ).filter((row) => mayWorkFromView(caller, row));
  const viewer = viewerOf(actor);
  const now = Date.now();
  return Promise.all(
    rows.map(async (row) => {
      const def = toDef(row, lang);
      const count = await countTickets(
        db,
        ticketWhere(viewer, { conditions: def.conditions }, now),
        ticketOrder(def.sort, def.groupBy),
      );
      return {
        view_id: def.viewId,
        title: def.title,
        conditions: def.conditions,
        columns: def.columns,
        sort: def.sort,
        group_by: def.groupBy,
        position: def.position,
        view_state: def.viewState,
        share_type: def.shareType,
        group_id: def.groupId,
        count: count.total,
        count_estimated: count.estimated,
      };
    }),
  );
}
