import {
  type TLanguage,
  type TTicketSort,
  type TTicketView,
  type TViewConditions,
  ZTicketSort,
  ZViewColumns,
  ZViewConditions,
} from '@parley/contracts';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { ticketView } from '../../db/schema/index.js';
import { notFound } from '../../http/app-error.js';
import type { Actor } from '../auth/actor.js';
import { viewerOf } from '../ticket/ticket.policy.js';
import { ticketOrder, ticketWhere } from '../ticket-search/ticket-list.repo.js';
import { countTickets } from '../ticket-search/ticket-list.service.js';

export interface ViewDef {
  viewId: number;
  title: string;
  conditions: TViewConditions;
  columns: TTicketView['columns'];
  sort: TTicketSort;
  position: number;
  viewState: 'active' | 'inactive';
}

type ViewRow = typeof ticketView.$inferSelect;

/** Stored JSON is checked on the way out too: a view the editor of tomorrow broke lists nothing rather than everything. */
function toDef(row: ViewRow, lang: TLanguage): ViewDef {
  const conditions = ZViewConditions.safeParse(row.conditions);
  const columns = ZViewColumns.safeParse(row.columns);
  const sort = ZTicketSort.safeParse(row.sort);
  return {
    viewId: row.viewId,
    title: row.titleI18n[lang] ?? row.title,
    conditions: conditions.success ? conditions.data : { all: [{ field: 'ticket_state', operator: 'in', value: [] }] },
    columns: columns.success ? columns.data : ['ticket_id', 'subject'],
    sort: sort.success ? sort.data : '-update_ts',
    position: row.position,
    viewState: row.viewState === 'inactive' ? 'inactive' : 'active',
  };
}

const visibleTo = (actor: Actor) =>
  and(
    eq(ticketView.viewState, 'active'),
    or(isNull(ticketView.ownerId), eq(ticketView.ownerId, actor.account.accountId)),
  );

/**
 * Views change rarely (the editor comes later); a list call reads its view from memory for a
 * few seconds instead of asking the database every time.
 */
const viewTtlMs = 5_000;
const viewCache = new Map<string, { row: ViewRow | null; at: number }>();

/** An active view shared with everyone or owned by the caller; any other id answers 0404. */
export async function findView(db: DbOrTx, actor: Actor, viewId: number, lang: TLanguage): Promise<ViewDef> {
  const key = `${viewId}:${actor.account.accountId}`;
  const now = Date.now();
  let cached = viewCache.get(key);
  if (!cached || now - cached.at > viewTtlMs) {
    const rows = await db
      .select()
      .from(ticketView)
      .where(and(eq(ticketView.viewId, viewId), visibleTo(actor)))
      .limit(1);
    if (viewCache.size > 5000) {
      viewCache.clear();
    }
    cached = { row: rows[0] ?? null, at: now };
    viewCache.set(key, cached);
  }
  if (!cached.row) {
    throw notFound();
  }
  return toDef(cached.row, lang);
}

/** The caller's views in their order, each with the number of its tickets the caller may see. */
export async function viewList(db: Db, actor: Actor, lang: TLanguage): Promise<TTicketView[]> {
  const rows = await db
    .select()
    .from(ticketView)
    .where(visibleTo(actor))
    .orderBy(asc(ticketView.position), asc(ticketView.viewId));
  const viewer = viewerOf(actor);
  const now = Date.now();
  return Promise.all(
    rows.map(async (row) => {
      const def = toDef(row, lang);
      const count = await countTickets(
        db,
        ticketWhere(viewer, { conditions: def.conditions }, now),
        ticketOrder(def.sort),
      );
      return {
        view_id: def.viewId,
        title: def.title,
        conditions: def.conditions,
        columns: def.columns,
        sort: def.sort,
        position: def.position,
        view_state: def.viewState,
        count: count.total,
        count_estimated: count.estimated,
      };
    }),
  );
}
