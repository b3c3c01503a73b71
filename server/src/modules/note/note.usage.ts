import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { note } from '../../db/schema/index.js';
import { invalid } from '../../http/app-error.js';
import type { Actor } from '../auth/actor.js';
import { insertEvents } from '../ticket/ticket.repo.js';
import { mayApplyNote } from './note.policy.js';
import { callerOf } from './note.service.js';

/**
 * A ticket was submitted with the note applied: counted, and written in the ticket's history,
 * in the submit's transaction. A note the caller may not use is refused (the submit with it).
 */
export async function countNoteUse(tx: DbOrTx, actor: Actor, noteId: number, ticketId: number, now: number) {
  const [row] = await tx.select().from(note).where(eq(note.noteId, noteId));
  if (!row || !mayApplyNote(callerOf(actor), row)) {
    throw invalid('id_not_found', 'note_id');
  }
  await tx
    .update(note)
    .set({ usageCount: sql`${note.usageCount} + 1`, lastUsedTs: now })
    .where(eq(note.noteId, noteId));
  await insertEvents(tx, ticketId, actor.account.accountId, now, [
    { field: 'note', new: { note_id: row.noteId, title: row.title } },
  ]);
}
