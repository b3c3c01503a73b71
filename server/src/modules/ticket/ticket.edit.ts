import type {
  TSubmitAs,
  TTicket,
  TTicketSetting,
  TTicketState,
  ZTicketBulkEditRequest,
  ZTicketEditRequest,
} from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { ticket } from '../../db/schema/index.js';
import { emit, transact } from '../../events/transact.js';
import { invalid } from '../../http/app-error.js';
import type { Actor } from '../auth/actor.js';
import { countNoteUse } from '../note/note.usage.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { storeFieldValues } from '../ticket-field/field-store.js';
import {
  agentFieldValues,
  checkSolvable,
  fieldEvents,
  fieldWords,
  loadFieldScope,
} from '../ticket-field/field-values.js';
import { addRequesterTokens } from '../ticket-search/search-index.js';
import { documentTokens } from '../ticket-search/tokenize.js';
import { isStaffType } from './ticket.policy.js';
import {
  commentBodies,
  type EventInput,
  findTicket,
  insertComment,
  insertEvents,
  membersOf,
  rememberTags,
  setMembers,
  type TicketRow,
  vectorOf,
} from './ticket.repo.js';
import { type CommentPlan, planComment, resolveAssignment, resolveMembers, resolveTags } from './ticket.rules.js';
import { bodyText } from './ticket.sanitize.js';
import { type Ctx, lockVisible, presentLoaded, visibleTicket } from './ticket.service.js';
import { attach, checkSubmitAs, enterState } from './ticket.state.js';

type EditInput = z.output<typeof ZTicketEditRequest>;
type BulkInput = z.output<typeof ZTicketBulkEditRequest>;

function refuseLocked(row: TicketRow) {
  if (row.deletedTs !== null) {
    throw invalid('ticket_deleted', 'ticket_id');
  }
  if (row.ticketState === 'closed') {
    throw invalid('ticket_closed', 'ticket_id');
  }
}

export interface Change {
  subject?: string | undefined;
  comment?: CommentPlan | undefined;
  submit_as?: TSubmitAs | undefined;
  assignee_id?: number | null | undefined;
  group_id?: number | null | undefined;
  priority?: string | undefined;
  ticket_type?: string | undefined;
  tags?: string[] | undefined;
  cc_ids?: number[] | undefined;
  follower_ids?: number[] | undefined;
  /** Custom field values to change (others keep theirs; null or empty clears one). */
  fields?: Record<string, unknown> | undefined;
  form_id?: number | null | undefined;
}

/**
 * One ticket's update inside the caller's transaction: properties, state, an optional comment,
 * the search vector and one event per change. The row is locked by the caller. Answers the new
 * comment's id (null without one), or false when nothing changed.
 */
export async function applyChange(
  tx: Tx,
  actor: Actor,
  settings: TTicketSetting,
  row: TicketRow,
  change: Change,
  now: number,
) {
  refuseLocked(row);
  const isAgent = isStaffType(actor.account.userType);
  const events: EventInput[] = [];
  const set: Partial<typeof ticket.$inferInsert> = {};

  // Auto-assign: the first agent to reply publicly takes an unassigned ticket.
  const replyingPublicly = Boolean(change.comment?.isPublic) && isAgent;
  let assignInput = { assignee_id: change.assignee_id, group_id: change.group_id };
  if (settings.auto_assign && replyingPublicly && row.assigneeId === null && change.assignee_id === undefined) {
    assignInput = { ...assignInput, assignee_id: actor.account.accountId };
  }
  const assignment = await resolveAssignment(tx, actor, settings, row, assignInput);
  if (assignment.assigneeId !== row.assigneeId) {
    set.assigneeId = assignment.assigneeId;
    events.push({ field: 'assignee_id', old: row.assigneeId, new: assignment.assigneeId });
  }
  if (assignment.groupId !== row.groupId) {
    set.groupId = assignment.groupId;
    events.push({ field: 'group_id', old: row.groupId, new: assignment.groupId });
  }
  for (const [field, key, value] of [
    ['priority', 'priority', change.priority],
    ['ticket_type', 'ticketType', change.ticket_type],
    ['subject', 'subject', change.subject],
  ] as const) {
    if (value !== undefined && value !== row[key]) {
      set[key] = value;
      events.push({ field, old: row[key], new: value });
    }
  }
  const tags = resolveTags(settings, row.tags, change.tags);
  if (tags.join('\n') !== row.tags.join('\n')) {
    set.tags = tags;
    events.push({ field: 'tags', old: row.tags, new: tags });
    await rememberTags(tx, tags, now);
  }
  const fieldChange = await changeFields(tx, row, change);
  Object.assign(set, fieldChange.set);
  events.push(...fieldChange.events);
  if (change.cc_ids !== undefined || change.follower_ids !== undefined) {
    const current = await membersOf(tx, row.ticketId);
    const members = await resolveMembers(tx, settings, current, change);
    for (const [field, key, type] of [
      ['cc_ids', 'ccIds', 'cc'],
      ['follower_ids', 'followerIds', 'follower'],
    ] as const) {
      if (members[key].join() !== current[key].join()) {
        await setMembers(tx, row.ticketId, type, members[key]);
        events.push({ field, old: current[key], new: members[key] });
      }
    }
  }

  // State: as submitted; a public agent reply opens a new ticket.
  let target = row.ticketState as TTicketState;
  if (change.submit_as) {
    target = change.submit_as;
  } else if (replyingPublicly && target === 'new') {
    target = 'open';
  }
  const state = enterState(
    settings,
    { state: row.ticketState as TTicketState, solvedTs: row.solvedTs, satisfactionToken: row.satisfactionToken },
    target,
    now,
  );
  if (state.state !== row.ticketState) {
    const solving = (s: string) => s === 'solved' || s === 'closed';
    if (solving(state.state) && !solving(row.ticketState)) {
      const scope = fieldChange.scope ?? (await loadFieldScope(tx, set.formId !== undefined ? set.formId : row.formId));
      checkSolvable(scope, set.fields ?? row.fields);
    }
    set.ticketState = state.state;
    set.solvedTs = state.solvedTs;
    set.satisfactionToken = state.satisfactionToken;
    events.push(...state.events);
  }

  let vector = null as ReturnType<typeof vectorOf> | null;
  let commentId: number | null = null;
  if (change.comment) {
    commentId = await insertComment(tx, {
      ticketId: row.ticketId,
      authorId: actor.account.accountId,
      body: change.comment.body,
      isPublic: change.comment.isPublic,
      now,
    });
    await attach(tx, change.comment, row.ticketId, commentId);
    events.push({ field: 'comment', new: { comment_id: commentId, is_public: change.comment.isPublic } });
    emit(tx, {
      type: 'ticket.commented',
      ticketId: row.ticketId,
      actorId: actor.account.accountId,
      commentId,
      isPublic: change.comment.isPublic,
    });
    if (replyingPublicly && row.firstReplyTs === null && actor.account.accountId !== row.requesterId) {
      set.firstReplyTs = now;
    }
    vector = vectorOf(documentTokens(bodyText(change.comment.body)));
  }
  if (fieldChange.words) {
    // New field words join the vector; words of a former value stay until the next rebuild.
    const tokens = documentTokens(fieldChange.words);
    if (change.comment) {
      documentTokens(bodyText(change.comment.body), tokens);
    }
    vector = vectorOf(tokens);
  }
  if (set.subject !== undefined) {
    // A new subject: rebuild from scratch so that the old subject's words go.
    const tokens = documentTokens(set.subject);
    for (const body of await commentBodies(tx, row.ticketId)) {
      documentTokens(bodyText(body), tokens);
    }
    if (fieldChange.scope) {
      documentTokens(fieldWords(fieldChange.scope, set.fields ?? row.fields), tokens);
    }
    await addRequesterTokens(tx, row.requesterId, tokens);
    vector = vectorOf(tokens);
  } else if (vector) {
    vector = sql`${ticket.searchVector} || ${vector}` as typeof vector;
  }
  if (events.length === 0) {
    return false;
  }
  await tx
    .update(ticket)
    .set({ ...set, ...(vector ? { searchVector: vector as unknown as string } : {}), updateTs: now })
    .where(eq(ticket.ticketId, row.ticketId));
  await insertEvents(tx, row.ticketId, actor.account.accountId, now, events);
  return commentId;
}

/**
 * Custom field values and the ticket's form: checked against the fields (and the new form, which
 * must be active), kept in `ticket.fields` and the value table, one history entry per field.
 */
async function changeFields(tx: Tx, row: TicketRow, change: Change) {
  const formChanges = change.form_id !== undefined && change.form_id !== row.formId;
  if (change.fields === undefined && !formChanges) {
    return { set: {}, events: [] as EventInput[], scope: null, words: '' };
  }
  const formId = formChanges ? (change.form_id ?? null) : row.formId;
  const scope = await loadFieldScope(tx, formId);
  if (formChanges && formId !== null && scope.form?.formState !== 'active') {
    throw invalid('form_inactive', 'form_id');
  }
  const next = agentFieldValues(scope, row.fields, change.fields, false);
  const set: Partial<typeof ticket.$inferInsert> = {};
  const events: EventInput[] = [];
  if (formChanges) {
    set.formId = formId;
    events.push({ field: 'form_id', old: row.formId, new: formId });
  }
  const fieldChanges = fieldEvents(row.fields, next);
  if (fieldChanges.length) {
    set.fields = next;
    events.push(...fieldChanges);
    await storeFieldValues(tx, row.ticketId, scope, row.fields, next);
  }
  return { set, events, scope, words: fieldChanges.length ? fieldWords(scope, next) : '' };
}

/** `ticket.edit`: a reply or note plus property changes, one transaction with its events. */
export async function ticketEdit(ctx: Ctx, input: EditInput): Promise<TTicket> {
  const { db, actor } = ctx;
  const settings = await getTicketSettings(db);
  checkSubmitAs(actor, input.submit_as);
  const comment = input.comment ? planComment(actor, settings, input.comment) : undefined;
  const now = Date.now();
  return transact(ctx, async (tx) => {
    const row = await visibleTicket(tx, actor, input.ticket_id, true);
    await applyChange(tx, actor, settings, row, { ...input, comment }, now);
    if (input.note_id !== undefined) {
      await countNoteUse(tx, actor, input.note_id, row.ticketId, now);
    }
    return presentLoaded(ctx, tx, (await findTicket(tx, row.ticketId)) as TicketRow);
  });
}

/** The list's bulk actions: assign and change state of up to 100 tickets in one transaction. */
export async function ticketBulkEdit(ctx: Ctx, input: BulkInput) {
  const { db, actor } = ctx;
  const settings = await getTicketSettings(db);
  checkSubmitAs(actor, input.submit_as);
  const now = Date.now();
  return transact(ctx, async (tx) => {
    const rows = await lockVisible(tx, actor, input.ticket_ids);
    const changed: number[] = [];
    for (const row of rows) {
      if ((await applyChange(tx, actor, settings, row, input, now)) !== false) {
        changed.push(row.ticketId);
      }
    }
    return { ticket_ids: changed };
  });
}
