import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/**
 * Statements on the hottest paths (ticket writes, settings) are written as `sql` templates and
 * run through these helpers: building a statement with the query builder costs about 75 µs of
 * CPU, a template about 10 µs, and a ticket write sends several.
 */

/** Runs a statement and answers its rows as the database sent them (column names as in SQL). */
export async function queryRows<T = Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  // PGlite answers the rows themselves, `pg` a result holding them.
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** `{1,2,3}`: ids as one `int[]` parameter (less to bind and to plan than one per id). */
export function intArrayLiteral(ids: readonly number[]): string {
  for (const id of ids) {
    if (!Number.isSafeInteger(id)) {
      throw new Error(`not an integer id: ${id}`);
    }
  }
  return `{${ids.join(',')}}`;
}

/** Reads rows of `SELECT *` from a table into its typed rows, the way the query builder would. */
export function rowReader<T extends PgTable>(table: T): (raw: Record<string, unknown>) => T['$inferSelect'] {
  return columnsReader(getTableColumns(table)) as (raw: Record<string, unknown>) => T['$inferSelect'];
}

/** The same for some of a table's columns (`{ key: column }`), with their SQL select list. */
export function columnsReader(
  columns: Record<string, Column>,
): (raw: Record<string, unknown>) => Record<string, unknown> {
  const entries = Object.entries(columns);
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of entries) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row;
  };
}

/** `a, b, c`: the SQL names of these columns, for a template's select list. */
export const selectList = (columns: Record<string, Column>): SQL =>
  sql.raw(
    Object.values(columns)
      .map((c) => `"${c.name}"`)
      .join(', '),
  );
