import type { TTicketListItem } from '@parley/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { ticketField } from '../../db/schema/index.js';
import { invalid } from '../../http/app-error.js';
import { pageIdsQuery, rowsByIds } from '../ticket-search/ticket-list.repo.js';
import { fieldSortedCountQuery, fieldSortedIdsQuery, sortColumnOf, withoutValue } from './field-where.js';

interface Plan {
  where: SQL;
  order: SQL;
  offset: number;
  limit: number;
}
type Count = (db: Db, where: SQL, order: SQL) => Promise<{ total: number; estimated: boolean }>;

/**
 * A list sorted by a custom field: first the tickets with a value, in the value's order (a walk
 * of the value index), then those without, in the list's own order. A page that crosses from one
 * part to the other counts the first part to know where the second begins.
 */
export async function runFieldSorted(db: Db, plan: Plan, sort: { fieldId: number; desc: boolean }, count: Count) {
  const [field] = await db
    .select({ type: ticketField.fieldType })
    .from(ticketField)
    .where(eq(ticketField.fieldId, sort.fieldId))
    .limit(1);
  if (!field || field.type === 'multiselect') {
    throw invalid('field_invalid', 'field_sort');
  }
  const column = sortColumnOf(field.type);
  const withValue = await queryRows<{ ticket_id: number }>(
    db,
    fieldSortedIdsQuery(plan.where, sort.fieldId, column, sort.desc, plan.offset, plan.limit),
  );
  const ids = withValue.map((r) => Number(r.ticket_id));
  if (ids.length < plan.limit) {
    const valued =
      ids.length > 0
        ? plan.offset + ids.length
        : Number(
            (await queryRows<{ n: number }>(db, fieldSortedCountQuery(plan.where, sort.fieldId, column)))[0]?.n ?? 0,
          );
    const rest = await queryRows<{ ticket_id: number }>(
      db,
      pageIdsQuery(
        sql`${plan.where} AND ${withoutValue(sort.fieldId)}`,
        plan.order,
        Math.max(0, plan.offset - valued),
        plan.limit - ids.length,
      ),
    );
    ids.push(...rest.map((r) => Number(r.ticket_id)));
  }
  const [rows, total] = await Promise.all([
    ids.length ? queryRows<TTicketListItem>(db, rowsByIds(ids, plan.order)) : Promise.resolve([]),
    count(db, plan.where, plan.order),
  ]);
  const at = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (at.get(a.ticket_id) ?? 0) - (at.get(b.ticket_id) ?? 0));
  return { list: rows, total: total.total, total_estimated: total.estimated };
}
