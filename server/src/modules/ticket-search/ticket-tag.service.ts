import { desc, like } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ticketTag } from '../../db/schema/index.js';

/** Tags starting with `kw` (an index range), or the newest tags when there is none. */
export async function tagList(db: DbOrTx, kw: string | undefined, limit: number): Promise<string[]> {
  const prefix = kw?.trim().toLowerCase();
  const rows = prefix
    ? await db
        .select({ tag: ticketTag.tagName })
        .from(ticketTag)
        .where(like(ticketTag.tagName, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))
        .orderBy(ticketTag.tagName)
        .limit(limit)
    : await db.select({ tag: ticketTag.tagName }).from(ticketTag).orderBy(desc(ticketTag.createTs)).limit(limit);
  return rows.map((r) => r.tag);
}
