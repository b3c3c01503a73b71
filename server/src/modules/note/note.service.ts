import {
  type TNote,
  ZNoteActions,
  type ZNoteAddRequest,
  type ZNoteEditRequest,
  type ZNoteListRequest,
} from '@parley/contracts';
import { asc, eq, ilike, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { note } from '../../db/schema/index.js';
import { notFound } from '../../http/app-error.js';
import type { Actor } from '../auth/actor.js';
import { shareOwner } from '../group/group-share.js';
import { likeOf } from '../search/search.js';
import { checkNoteAssignment } from './note.assignment.js';
import { checkedNoteFields } from './note.fields.js';
import { mayApplyNote, mayEditNote, noteShareOf } from './note.policy.js';

type AddInput = z.output<typeof ZNoteAddRequest>;
type EditInput = z.output<typeof ZNoteEditRequest>;
export type NoteRow = typeof note.$inferSelect;

export const callerOf = (actor: Actor) => ({
  accountId: actor.account.accountId,
  userType: actor.account.userType,
  groupIds: actor.account.groupIds,
});

/** Stored actions are checked on the way out: a note that no longer parses does nothing. */
export const actionsOf = (row: NoteRow) => {
  const parsed = ZNoteActions.safeParse(row.actions);
  return parsed.success ? parsed.data : { add_tags: [], remove_tags: [] };
};

export const presentNote = (row: NoteRow): TNote => ({
  note_id: row.noteId,
  title: row.title,
  actions: actionsOf(row),
  share_type: noteShareOf(row),
  group_id: row.groupId,
  owner_id: row.ownerId,
  creator_id: row.creatorId,
  usage_count: row.usageCount,
  last_used_ts: row.lastUsedTs,
  create_ts: row.createTs,
  update_ts: row.updateTs,
});

/**
 * Notes are few (tens, a few hundred): read them by title and keep those the caller reaches.
 * The settings list pages what remains.
 */
async function reachable(db: DbOrTx, actor: Actor, may: typeof mayEditNote, kw?: string) {
  const rows = await db
    .select()
    .from(note)
    .where(kw ? ilike(note.title, likeOf(kw)) : undefined)
    .orderBy(asc(note.title), asc(note.noteId));
  const caller = callerOf(actor);
  return rows.filter((r) => may(caller, r));
}

export async function noteList(db: Db, actor: Actor, input: z.output<typeof ZNoteListRequest>) {
  const rows = await reachable(db, actor, mayEditNote, input.kw || undefined);
  return { list: rows.slice(input.offset, input.offset + input.limit).map(presentNote), total: rows.length };
}

/** The notes the ticket page offers the caller. */
export async function noteAllList(db: Db, actor: Actor) {
  return { list: (await reachable(db, actor, mayApplyNote)).map(presentNote) };
}

async function editable(db: DbOrTx, actor: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await db.select().from(note).where(inArray(note.noteId, unique));
  const caller = callerOf(actor);
  if (rows.length !== unique.length || !rows.every((r) => mayEditNote(caller, r))) {
    throw notFound();
  }
  return rows;
}

export async function noteGet(db: Db, actor: Actor, noteId: number) {
  const [row] = await editable(db, actor, [noteId]);
  return presentNote(row as NoteRow);
}

/**
 * The actions as stored: the group and assignee checked as a submit checks them, field values
 * checked and kept as the ticket page keeps them.
 */
async function storedActions(db: DbOrTx, actions: AddInput['actions']) {
  await checkNoteAssignment(db, actions);
  const { fields, ...rest } = actions;
  const checked = await checkedNoteFields(db, fields);
  return checked ? { ...rest, fields: checked } : rest;
}

export async function noteAdd(db: Db, actor: Actor, input: AddInput) {
  const share = await shareOwner(db, actor, input);
  const actions = await storedActions(db, input.actions);
  const now = Date.now();
  const [row] = await db
    .insert(note)
    .values({
      title: input.title,
      actions,
      ...share,
      creatorId: actor.account.accountId,
      createTs: now,
      updateTs: now,
    })
    .returning({ noteId: note.noteId });
  return { note_id: row?.noteId as number };
}

export async function noteEdit(db: Db, actor: Actor, input: EditInput) {
  await editable(db, actor, [input.note_id]);
  const share = await shareOwner(db, actor, input);
  const actions = await storedActions(db, input.actions);
  await db
    .update(note)
    .set({ title: input.title, actions, ...share, updateTs: Date.now() })
    .where(eq(note.noteId, input.note_id));
}

/** All or nothing: one id missing or someone else's answers 0404 and deletes none. */
export async function noteDelete(db: Db, actor: Actor, ids: number[]) {
  await db.transaction(async (tx) => {
    await editable(tx, actor, ids);
    await tx.delete(note).where(inArray(note.noteId, ids));
  });
}
