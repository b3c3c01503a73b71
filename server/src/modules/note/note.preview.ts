import { escapeHtml, type TNotePreviewResponse } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { account, note } from '../../db/schema/index.js';
import { notFound } from '../../http/app-error.js';
import type { Actor } from '../auth/actor.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { visibleTicket } from '../ticket/ticket.service.js';
import { usableNoteAssignment } from './note.assignment.js';
import { previewNoteFields } from './note.fields.js';
import { mayApplyNote } from './note.policy.js';
import { actionsOf, callerOf, type NoteRow } from './note.service.js';

/** Plain text with placeholders to the composer's HTML: values filled in, escaped, one paragraph per line. */
export function renderNoteComment(text: string, values: Record<string, string>): string {
  const filled = text.replace(/\{\{\s*([a-z_.]+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
  return filled
    .split(/\r?\n/)
    .map((line) => `<p>${line.trim() === '' ? '<br>' : escapeHtml(line)}</p>`)
    .join('');
}

export async function usableNote(db: DbOrTx, actor: Actor, noteId: number): Promise<NoteRow | undefined> {
  const [row] = await db.select().from(note).where(eq(note.noteId, noteId));
  return row && mayApplyNote(callerOf(actor), row) ? row : undefined;
}

/** What the note would change on the ticket: shown in the ticket page's form and composer, saved by nobody. */
export async function notePreview(
  db: Db,
  actor: Actor,
  noteId: number,
  ticketId: number,
): Promise<TNotePreviewResponse> {
  const row = await usableNote(db, actor, noteId);
  if (!row) {
    throw notFound();
  }
  const ticket = await visibleTicket(db, actor, ticketId);
  const [requester] = await db
    .select({ name: account.realName, email: account.email })
    .from(account)
    .where(eq(account.accountId, ticket.requesterId));
  const settings = await getTicketSettings(db);
  const actions = actionsOf(row);
  const changes: TNotePreviewResponse['changes'] = {};
  for (const key of ['submit_as', 'priority', 'ticket_type'] as const) {
    if (actions[key] !== undefined) {
      Object.assign(changes, { [key]: actions[key] });
    }
  }
  const assignment = await usableNoteAssignment(db, actions, actor.account.accountId);
  if (assignment.group_id !== undefined) {
    changes.group_id = assignment.group_id;
  }
  if (assignment.assignee_id !== undefined) {
    changes.assignee_id = assignment.assignee_id === 'current_user' ? actor.account.accountId : assignment.assignee_id;
  }
  const fields = await previewNoteFields(db, ticket, actions.fields);
  if (fields) {
    changes.fields = fields;
  }
  if (settings.enable_tag && (actions.add_tags.length > 0 || actions.remove_tags.length > 0)) {
    const kept = ticket.tags.filter((tag) => !actions.remove_tags.includes(tag));
    changes.tags = [...new Set([...kept, ...actions.add_tags.filter((tag) => !actions.remove_tags.includes(tag))])];
  }
  if (actions.comment) {
    const me = actor.account;
    changes.comment = {
      body: renderNoteComment(actions.comment.body, {
        'ticket.id': String(ticket.ticketId),
        'ticket.subject': ticket.subject,
        'requester.name': requester?.name || requester?.email || '',
        'requester.email': requester?.email ?? '',
        'agent.name': me.aliasName || me.realName || me.email,
      }),
      // An agent who may only write internal notes gets the text as a note.
      is_public: actions.comment.is_public && me.replyAccess !== 'internal',
    };
  }
  return { note_id: row.noteId, title: row.title, changes };
}
