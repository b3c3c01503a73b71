import { and, desc, like, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ticketTag } from '../../db/schema/index.js';
import { accessFilter, type Viewer } from './ticket-list.repo.js';

/**
 * Tags starting with `kw` (an index range), or the newest tags when there is none. A caller who
 * sees only some tickets is offered only tags some ticket of theirs carries (the tags index
 * answers it): a tag name can say a lot about a ticket it may not see.
 */
export async function tagList(db: DbOrTx, viewer: Viewer, kw: string | undefined, limit: number): Promise<string[]> {
  const prefix = kw?.trim().toLowerCase();
  const access = accessFilter(viewer);
  const filters: SQL[] = [];
  if (prefix) {
    filters.push(like(ticketTag.tagName, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  }
  if (access) {
    filters.push(sql`EXISTS (SELECT 1 FROM ticket WHERE ticket.tags @> ARRAY[${ticketTag.tagName}] AND ${access})`);
  }
  const rows = await db
    .select({ tag: ticketTag.tagName })
    .from(ticketTag)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(prefix ? ticketTag.tagName : desc(ticketTag.createTs))
    .limit(limit);
  return rows.map((r) => r.tag);
}
