import { sql } from 'drizzle-orm';
import { invalid } from '../http/app-error.js';
import type { DbOrTx } from './client.js';
import { queryRows } from './rows.js';

const tables = {
  account: sql`SELECT 1 FROM account WHERE account_id = `,
  company: sql`SELECT 1 FROM company WHERE company_id = `,
  group: sql`SELECT 1 FROM agent_group WHERE group_id = `,
  ticket: sql`SELECT 1 FROM ticket WHERE ticket_id = `,
  field: sql`SELECT 1 FROM ticket_field WHERE field_id = `,
} as const;

/**
 * Ids a list is filtered by must name something: an unknown one is a mistake the caller should
 * hear about (FFFF on that field), not an empty page that looks like an answer.
 */
export async function assertIdsExist(
  db: DbOrTx,
  refs: Record<string, { kind: keyof typeof tables; id: number | null | undefined }>,
): Promise<void> {
  for (const [field, { kind, id }] of Object.entries(refs)) {
    if (id === undefined || id === null) {
      continue;
    }
    const rows = await queryRows(db, sql`${tables[kind]}${id} LIMIT 1`);
    if (rows.length === 0) {
      throw invalid('id_not_found', field);
    }
  }
}
