import type { TTicketSort, TViewConditions, ZTicketListRequest } from '@parley/contracts';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { presentListItem } from '../ticket/ticket.presenter.js';
import {
  cappedCountQuery,
  estimateCount,
  exactCountCap,
  pageQuery,
  type TicketFilter,
  ticketOrder,
  ticketWhere,
  type Viewer,
} from './ticket-list.repo.js';

type ListInput = z.output<typeof ZTicketListRequest>;

/**
 * Counts of big lists are estimates; each is kept a few seconds so that paging through a list of
 * a million tickets does not count it again on every page. Small lists are always counted.
 */
const estimateTtlMs = 10_000;
const estimates = new Map<string, { n: number; at: number }>();

const dialect = new PgDialect();
function cacheKey(where: SQL): string {
  const query = dialect.sqlToQuery(where);
  return `${query.sql}\u0000${JSON.stringify(query.params)}`;
}

export async function countTickets(db: DbOrTx, where: SQL, order: SQL): Promise<{ total: number; estimated: boolean }> {
  const key = cacheKey(where);
  const now = Date.now();
  const cached = estimates.get(key);
  if (cached && now - cached.at < estimateTtlMs) {
    return { total: cached.n, estimated: true };
  }
  const n = Number((await cappedCountQuery(db, where, order))[0]?.n ?? 0);
  if (n <= exactCountCap) {
    return { total: n, estimated: false };
  }
  const estimate = Math.max(exactCountCap + 1, await estimateCount(db, where));
  if (estimates.size > 1000) {
    estimates.clear();
  }
  estimates.set(key, { n: estimate, at: now });
  return { total: estimate, estimated: true };
}

export interface ListPlan {
  where: SQL;
  order: SQL;
  offset: number;
  limit: number;
}

/** The SQL of a list request (the benchmark runs the same statements directly). */
export function planList(
  viewer: Viewer,
  input: Omit<ListInput, 'view_id'> & { except_ticket_id?: number | undefined },
  view: { conditions: TViewConditions; sort: TTicketSort } | null,
  now = Date.now(),
): ListPlan {
  const filter: TicketFilter = { ...input, conditions: view?.conditions };
  return {
    where: ticketWhere(viewer, filter, now),
    order: ticketOrder(input.sort ?? view?.sort ?? '-update_ts'),
    offset: input.offset,
    limit: input.limit,
  };
}

export async function runList(db: Db, plan: ListPlan) {
  const [rows, count] = await Promise.all([
    pageQuery(db, plan.where, plan.order, plan.offset, plan.limit),
    countTickets(db, plan.where, plan.order),
  ]);
  return { list: rows.map(presentListItem), total: count.total, total_estimated: count.estimated };
}
