import { fieldIdOfKey } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { intArrayLiteral } from '../../db/rows.js';
import type { FieldScope, FieldValues } from './field-values.js';

/** How much of a multi-line text the value table keeps (enough to sort and to ask "has a value"). */
const textareaIndexed = 200;

/** The value table's rows of one field value: text kinds in value_text, numbers and checkboxes in value_num. */
export function valueRows(type: string, value: unknown): Array<{ text: string | null; num: number | null }> {
  if (value === null || value === undefined) {
    return [];
  }
  switch (type) {
    case 'number':
    case 'decimal':
      return typeof value === 'number' ? [{ text: null, num: value }] : [];
    case 'checkbox':
      return [{ text: null, num: value === true ? 1 : 0 }];
    case 'multiselect':
      return Array.isArray(value) ? value.map((v) => ({ text: String(v), num: null })) : [];
    case 'textarea':
      return [{ text: String(value).slice(0, textareaIndexed), num: null }];
    default:
      return [{ text: String(value), num: null }];
  }
}

/**
 * Keeps `ticket_field_value` in step with `ticket.fields` for the fields whose value changed
 * (inside the writer's transaction): their rows go, the new values' rows come.
 */
export async function storeFieldValues(
  tx: DbOrTx,
  ticketId: number,
  scope: FieldScope,
  before: FieldValues,
  after: FieldValues,
) {
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null),
  );
  const ids = changed.map(fieldIdOfKey).filter((id): id is number => id !== null && scope.defs.has(id));
  if (ids.length === 0) {
    return;
  }
  if (Object.keys(before).length) {
    await tx.execute(
      sql`DELETE FROM ticket_field_value WHERE ticket_id = ${ticketId} AND field_id = ANY(${intArrayLiteral(ids)}::int[])`,
    );
  }
  const rows = ids.flatMap((id) =>
    valueRows(scope.defs.get(id)?.fieldType ?? 'text', after[`field_${id}`]).map(
      (r) => sql`(${ticketId}, ${id}, ${r.text}, ${r.num === null ? null : String(r.num)}::numeric)`,
    ),
  );
  if (rows.length) {
    await tx.execute(
      sql`INSERT INTO ticket_field_value (ticket_id, field_id, value_text, value_num) VALUES ${sql.join(rows, sql`, `)}`,
    );
  }
}
