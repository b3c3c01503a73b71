import type { TTicket, TTicketSetting, ZTicketBulkEditRequest, ZTicketEditRequest } from '@parley/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { ticket } from '../../db/schema/index.js';
import { emit, transact } from '../../events/transact.js';
import type { Actor } from '../auth/actor.js';
import { countNoteUse } from '../note/note.usage.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { storeFieldValues } from '../ticket-field/field-store.js';
import { loadFieldScope } from '../ticket-field/field-values.js';
import { addRequesterTokens } from '../ticket-search/search-index.js';
import { addSearchWords, setSearchWords } from '../ticket-search/search-words.js';
import { documentTokens } from '../ticket-search/tokenize.js';
import {
  assignmentInput,
  type Change,
  type ChangeFacts,
  type ChangePlan,
  planChange,
  refuseLocked,
  scopeNeeded,
} from './ticket.change-plan.js';
import { type ChangedSince, changedSince, rebaseChange, refuseConflict } from './ticket.conflict.js';
import {
  commentBodies,
  findTicket,
  insertComment,
  insertEvents,
  membersOf,
  rememberTags,
  setMembers,
  type TicketRow,
} from './ticket.repo.js';
import { loadAddedPeople, planComment, resolveAssignment } from './ticket.rules.js';
import { bodyText } from './ticket.sanitize.js';
import { type Ctx, lockVisible, presentLoaded, visibleTicket } from './ticket.service.js';
import { nextUpdateTs } from './ticket.stamp.js';
import { attach, checkSubmitAs } from './ticket.state.js';

type EditInput = z.output<typeof ZTicketEditRequest>;
type BulkInput = z.output<typeof ZTicketBulkEditRequest>;

export type { Change } from './ticket.change-plan.js';

/** Reads what `planChange` needs: the assignment (checked), the members being added, the form's fields. */
async function readFacts(
  tx: Tx,
  actor: Actor,
  settings: TTicketSetting,
  row: TicketRow,
  change: Change,
): Promise<ChangeFacts> {
  const assignment = await resolveAssignment(tx, actor, settings, row, assignmentInput(actor, settings, row, change));
  const needed = scopeNeeded(row, change);
  const scope = needed ? await loadFieldScope(tx, needed.formId) : null;
  let members: ChangeFacts['members'] = null;
  if (change.cc_ids !== undefined || change.follower_ids !== undefined) {
    const current = await membersOf(tx, row.ticketId);
    members = { current, added: await loadAddedPeople(tx, settings, current, change) };
  }
  return { assignment, members, scope };
}

/** Writes a planned update: the ticket row, tags, field values, members, the comment, the search vector, the events. */
async function writeChange(tx: Tx, actor: Actor, row: TicketRow, plan: ChangePlan, now: number) {
  const { set, events } = plan;
  if (plan.tags) {
    await rememberTags(tx, plan.tags, now);
  }
  if (plan.fieldValues) {
    const { scope, before, next } = plan.fieldValues;
    await storeFieldValues(tx, row.ticketId, scope, before, next);
  }
  for (const { type, ids } of plan.members) {
    await setMembers(tx, row.ticketId, type, ids);
  }
  let commentId: number | null = null;
  if (plan.comment) {
    commentId = await insertComment(tx, {
      ticketId: row.ticketId,
      authorId: actor.account.accountId,
      body: plan.comment.body,
      isPublic: plan.comment.isPublic,
      now,
    });
    await attach(tx, plan.comment, row.ticketId, commentId);
    events.push({
      field: 'comment',
      new: {
        comment_id: commentId,
        is_public: plan.comment.isPublic,
        ...(plan.comment.source ? { source: plan.comment.source } : {}),
      },
    });
    emit(tx, {
      type: 'ticket.commented',
      ticketId: row.ticketId,
      actorId: actor.account.accountId,
      commentId,
      isPublic: plan.comment.isPublic,
    });
  }
  if (plan.search && 'rebuild' in plan.search) {
    const tokens = documentTokens(plan.search.rebuild);
    for (const body of await commentBodies(tx, row.ticketId)) {
      documentTokens(bodyText(body), tokens);
    }
    if (plan.search.fieldWords !== null) {
      documentTokens(plan.search.fieldWords, tokens);
    }
    await setSearchWords(tx, row.ticketId, await addRequesterTokens(tx, row.requesterId, tokens));
  } else if (plan.search) {
    const tokens = new Set<string>();
    for (const text of plan.search.append) {
      documentTokens(text, tokens);
    }
    await addSearchWords(tx, row.ticketId, tokens);
  }
  await tx
    .update(ticket)
    .set({ ...set, updateTs: nextUpdateTs(now) })
    .where(eq(ticket.ticketId, row.ticketId));
  await insertEvents(tx, row.ticketId, actor.account.accountId, now, events);
  return commentId;
}

/**
 * One ticket's update inside the caller's transaction: read what the rules need, plan the change
 * without the database (`planChange`), then write it. The row is locked by the caller. Answers
 * the new comment's id (null without one), or false when nothing changed. With `since` (what
 * others changed after the agent's form was drawn), a change overwriting any of it is refused.
 */
export async function applyChange(
  tx: Tx,
  actor: Actor,
  settings: TTicketSetting,
  row: TicketRow,
  change: Change,
  now: number,
  since?: ChangedSince,
) {
  refuseLocked(row);
  const facts = await readFacts(tx, actor, settings, row, change);
  const plan = planChange(actor, settings, row, change, facts, now);
  if (since) {
    refuseConflict(change, plan, since);
  }
  if (plan.events.length === 0 && !plan.comment) {
    return false;
  }
  return writeChange(tx, actor, row, plan, now);
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
    let change: Change = { ...input, comment };
    let since: ChangedSince | undefined;
    if (input.base_update_ts !== undefined) {
      since = await changedSince(tx, row, input.base_update_ts);
      change = await rebaseChange(tx, row, change, since);
    }
    await applyChange(tx, actor, settings, row, change, now, since);
    if (input.note_id !== undefined) {
      await countNoteUse(tx, actor, input.note_id, row.ticketId, now);
    }
    return presentLoaded(ctx, tx, (await findTicket(tx, row.ticketId)) as TicketRow);
  });
}

/** The list's bulk actions: assign, group, prioritise and change state of up to 100 tickets in one transaction. */
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
