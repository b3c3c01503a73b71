import type {
  TSubmitAs,
  TTicket,
  TTicketSetting,
  TTicketState,
  ZTicketAddRequest,
  ZTicketBulkEditRequest,
  ZTicketEditRequest,
} from '@parley/contracts';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { account, ticket } from '../../db/schema/index.js';
import type { Actor } from '../../http/actor.js';
import { invalid, notFound } from '../../http/app-error.js';
import { defaultGroupId, isUniqueViolation } from '../account/account.repo.js';
import { deleteAccountSessions } from '../auth/session.repo.js';
import { companyIdForEmail } from '../company/company.repo.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { documentTokens } from '../ticket-search/tokenize.js';
import { isStaffType, mayCloseTickets, maySeeTicket, viewerOf } from './ticket.policy.js';
import { presentTicket } from './ticket.presenter.js';
import {
  claimAttachments,
  commentBodies,
  type EventInput,
  findAccount,
  findAccountByEmail,
  findTicket,
  findTickets,
  insertComment,
  insertEvents,
  membersOf,
  rememberTags,
  setMembers,
  type TicketRow,
  vectorOf,
} from './ticket.repo.js';
import {
  type CommentPlan,
  newSatisfactionToken,
  planComment,
  resolveAssignment,
  resolveMembers,
  resolveTags,
} from './ticket.rules.js';
import { bodyText } from './ticket.sanitize.js';

type Ctx = AppContext & { actor: Actor };
type AddInput = z.output<typeof ZTicketAddRequest>;
type EditInput = z.output<typeof ZTicketEditRequest>;
type BulkInput = z.output<typeof ZTicketBulkEditRequest>;

/** Loads a ticket the caller may see; any other id answers 0404, so ids cannot be probed. */
export async function visibleTicket(db: DbOrTx, actor: Actor, ticketId: number, lock = false): Promise<TicketRow> {
  const row = await findTicket(db, ticketId, lock);
  if (!row || !maySeeTicket(viewerOf(actor), row)) {
    throw notFound();
  }
  return row;
}

export async function ticketGet(db: DbOrTx, actor: Actor, ticketId: number): Promise<TTicket> {
  return presentLoaded(db, await visibleTicket(db, actor, ticketId));
}

async function presentLoaded(db: DbOrTx, row: TicketRow): Promise<TTicket> {
  const [requester, members] = await Promise.all([findAccount(db, row.requesterId), membersOf(db, row.ticketId)]);
  if (!requester) {
    throw notFound();
  }
  return presentTicket(row, requester, members);
}

/** Finds a requester by email or makes them: an end user joined to the organization of their domain. */
export async function findOrCreateRequester(tx: Tx, email: string, realName: string, now: number) {
  const existing = await findAccountByEmail(tx, email);
  if (existing) {
    return existing;
  }
  const companyId = await companyIdForEmail(tx, email);
  const inserted = await tx
    .insert(account)
    .values({
      email,
      realName: realName || email.slice(0, email.indexOf('@')),
      userType: 'end_user',
      companyId,
      createTs: now,
      updateTs: now,
    })
    .onConflictDoNothing()
    .returning();
  // Someone else made the same requester at the same moment: theirs is as good.
  return inserted[0] ?? ((await findAccountByEmail(tx, email)) as NonNullable<(typeof inserted)[0]>);
}

interface StateChange {
  state: TTicketState;
  solvedTs: number | null;
  satisfactionToken: string | null;
  events: EventInput[];
}

/** Entering `solved` stamps the time and, with scoring allowed, offers the survey once. */
function enterState(
  settings: TTicketSetting,
  from: { state: TTicketState | null; solvedTs: number | null; satisfactionToken: string | null },
  to: TTicketState,
  now: number,
): StateChange {
  const change: StateChange = {
    state: to,
    solvedTs: from.solvedTs,
    satisfactionToken: from.satisfactionToken,
    events: [],
  };
  if (from.state === to) {
    return change;
  }
  change.events.push({ field: 'ticket_state', old: from.state, new: to });
  if (to === 'solved' || (to === 'closed' && from.state !== 'solved')) {
    change.solvedTs = now;
  }
  if ((to === 'solved' || to === 'closed') && settings.allow_score && !from.satisfactionToken) {
    change.satisfactionToken = newSatisfactionToken();
    change.events.push({ field: 'satisfaction_offered', new: true });
  }
  return change;
}

function checkSubmitAs(actor: Actor | null, submitAs: TSubmitAs | undefined) {
  if (submitAs === 'closed' && actor && !mayCloseTickets(actor)) {
    throw invalid('cannot_close_ticket', 'submit_as');
  }
}

async function attach(tx: Tx, plan: CommentPlan, ticketId: number, commentId: number) {
  if ((await claimAttachments(tx, plan.fileIds, ticketId, commentId)) !== plan.fileIds.length) {
    throw invalid('attachment_invalid', 'file_ids');
  }
}

export interface NewTicket {
  subject: string;
  source: 'form' | 'web' | 'chat' | 'email';
  requester: { accountId: number; companyId: number | null };
  submitterId: number | null;
  authorId: number | null;
  comment: CommentPlan;
  state: TTicketState;
  assignment: { assigneeId: number | null; groupId: number | null };
  priority?: string | undefined;
  ticketType?: string | undefined;
  tags: string[];
  members: { ccIds: number[]; followerIds: number[] };
  fields?: Record<string, unknown> | undefined;
}

/** Inserts a ticket, its first comment, attachments, members and creation events: one transaction's worth. */
export async function insertTicket(tx: Tx, settings: TTicketSetting, t: NewTicket, now: number): Promise<number> {
  const state = enterState(settings, { state: null, solvedTs: null, satisfactionToken: null }, t.state, now);
  const tokens = documentTokens(t.subject);
  documentTokens(bodyText(t.comment.body), tokens);
  const [row] = await tx
    .insert(ticket)
    .values({
      subject: t.subject,
      ticketState: t.state,
      ticketType: t.ticketType ?? 'question',
      priority: t.priority ?? 'normal',
      source: t.source,
      requesterId: t.requester.accountId,
      submitterId: t.submitterId,
      assigneeId: t.assignment.assigneeId,
      groupId: t.assignment.groupId,
      companyId: t.requester.companyId,
      tags: t.tags,
      fields: t.fields ?? {},
      satisfactionToken: state.satisfactionToken,
      searchVector: vectorOf(tokens) as unknown as string,
      createTs: now,
      updateTs: now,
      solvedTs: state.solvedTs,
    })
    .returning({ ticketId: ticket.ticketId });
  const ticketId = row?.ticketId as number;
  const commentId = await insertComment(tx, {
    ticketId,
    authorId: t.authorId,
    body: t.comment.body,
    isPublic: t.comment.isPublic,
    now,
  });
  await attach(tx, t.comment, ticketId, commentId);
  await setMembers(tx, ticketId, 'cc', t.members.ccIds);
  await setMembers(tx, ticketId, 'follower', t.members.followerIds);
  await rememberTags(tx, t.tags, now);
  const events: EventInput[] = [
    { field: 'created', new: { source: t.source, subject: t.subject } },
    ...state.events,
    { field: 'comment', new: { comment_id: commentId, is_public: t.comment.isPublic } },
  ];
  if (t.assignment.assigneeId !== null) {
    events.push({ field: 'assignee_id', old: null, new: t.assignment.assigneeId });
  }
  if (t.assignment.groupId !== null) {
    events.push({ field: 'group_id', old: null, new: t.assignment.groupId });
  }
  for (const [field, value, fallback] of [
    ['priority', t.priority, 'normal'],
    ['ticket_type', t.ticketType, 'question'],
  ] as const) {
    if (value && value !== fallback) {
      events.push({ field, old: fallback, new: value });
    }
  }
  if (t.tags.length) {
    events.push({ field: 'tags', old: [], new: t.tags });
  }
  if (t.members.ccIds.length) {
    events.push({ field: 'cc_ids', old: [], new: t.members.ccIds });
  }
  if (t.members.followerIds.length) {
    events.push({ field: 'follower_ids', old: [], new: t.members.followerIds });
  }
  if (t.fields && Object.keys(t.fields).length) {
    events.push({ field: 'fields', old: {}, new: t.fields });
  }
  await insertEvents(tx, ticketId, t.authorId, now, events);
  return ticketId;
}

/** `ticket.add` in the back office: for an existing requester or a new one by email. */
export async function ticketAdd({ db, actor }: Ctx, input: AddInput) {
  const settings = await getTicketSettings(db);
  checkSubmitAs(actor, input.submit_as);
  const comment = planComment(actor, settings, input.comment);
  const now = Date.now();
  try {
    return await db.transaction(async (tx) => {
      let requester: typeof account.$inferSelect | null;
      if (input.requester_id !== undefined) {
        requester = await findAccount(tx, input.requester_id);
        if (!requester) {
          throw invalid('field_invalid', 'requester_id');
        }
      } else {
        requester = await findOrCreateRequester(tx, input.requester_email as string, input.requester_name ?? '', now);
      }
      let assignment = await resolveAssignment(tx, actor, settings, { assigneeId: null, groupId: null }, input);
      if (assignment.groupId === null) {
        assignment = { ...assignment, groupId: await defaultGroupId(tx) };
      }
      const members = await resolveMembers(tx, settings, { ccIds: [], followerIds: [] }, input);
      const ticketId = await insertTicket(
        tx,
        settings,
        {
          subject: input.subject,
          source: 'web',
          requester: { accountId: requester.accountId, companyId: requester.companyId },
          submitterId: actor.account.accountId,
          authorId: actor.account.accountId,
          comment,
          state: input.submit_as ?? (assignment.assigneeId ? 'open' : 'new'),
          assignment,
          priority: input.priority,
          ticketType: input.ticket_type,
          tags: resolveTags(settings, [], input.tags),
          members,
          fields: input.fields,
        },
        now,
      );
      return { ticket_id: ticketId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw invalid('email_exists', 'requester_email');
    }
    throw error;
  }
}

function refuseLocked(row: TicketRow) {
  if (row.deletedTs !== null) {
    throw invalid('ticket_deleted', 'ticket_id');
  }
  if (row.ticketState === 'closed') {
    throw invalid('ticket_closed', 'ticket_id');
  }
}

interface Change {
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
  fields?: Record<string, unknown> | undefined;
}

/**
 * One ticket's update inside the caller's transaction: properties, state, an optional comment,
 * the search vector and one event per change. The row is locked by the caller.
 */
async function applyChange(
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
  if (change.fields !== undefined && JSON.stringify(change.fields) !== JSON.stringify(row.fields)) {
    set.fields = change.fields;
    events.push({ field: 'fields', old: row.fields, new: change.fields });
  }
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
    set.ticketState = state.state;
    set.solvedTs = state.solvedTs;
    set.satisfactionToken = state.satisfactionToken;
    events.push(...state.events);
  }

  let vector = null as ReturnType<typeof vectorOf> | null;
  if (change.comment) {
    const commentId = await insertComment(tx, {
      ticketId: row.ticketId,
      authorId: actor.account.accountId,
      body: change.comment.body,
      isPublic: change.comment.isPublic,
      now,
    });
    await attach(tx, change.comment, row.ticketId, commentId);
    events.push({ field: 'comment', new: { comment_id: commentId, is_public: change.comment.isPublic } });
    if (replyingPublicly && row.firstReplyTs === null && actor.account.accountId !== row.requesterId) {
      set.firstReplyTs = now;
    }
    vector = vectorOf(documentTokens(bodyText(change.comment.body)));
  }
  if (set.subject !== undefined) {
    // A new subject: rebuild from scratch so that the old subject's words go.
    const tokens = documentTokens(set.subject);
    for (const body of await commentBodies(tx, row.ticketId)) {
      documentTokens(bodyText(body), tokens);
    }
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
  return true;
}

/** `ticket.edit`: a reply or note plus property changes, one transaction with its events. */
export async function ticketEdit({ db, actor }: Ctx, input: EditInput): Promise<TTicket> {
  const settings = await getTicketSettings(db);
  checkSubmitAs(actor, input.submit_as);
  const comment = input.comment ? planComment(actor, settings, input.comment) : undefined;
  const now = Date.now();
  return db.transaction(async (tx) => {
    const row = await visibleTicket(tx, actor, input.ticket_id, true);
    await applyChange(tx, actor, settings, row, { ...input, comment }, now);
    return presentLoaded(tx, (await findTicket(tx, row.ticketId)) as TicketRow);
  });
}

/** Locks the tickets and checks the caller may see every one of them (else 0404). */
async function lockVisible(tx: Tx, actor: Actor, ids: number[]): Promise<TicketRow[]> {
  const unique = [...new Set(ids)];
  const rows = await findTickets(tx, unique, true);
  const viewer = viewerOf(actor);
  if (rows.length !== unique.length || rows.some((r) => !maySeeTicket(viewer, r))) {
    throw notFound();
  }
  return rows;
}

/** The list's bulk actions: assign and change state of up to 100 tickets in one transaction. */
export async function ticketBulkEdit({ db, actor }: Ctx, input: BulkInput) {
  const settings = await getTicketSettings(db);
  checkSubmitAs(actor, input.submit_as);
  const now = Date.now();
  return db.transaction(async (tx) => {
    const rows = await lockVisible(tx, actor, input.ticket_ids);
    const changed: number[] = [];
    for (const row of rows) {
      if (await applyChange(tx, actor, settings, row, input, now)) {
        changed.push(row.ticketId);
      }
    }
    return { ticket_ids: changed };
  });
}

async function setDeleted(tx: Tx, actorId: number, ids: number[], deleted: boolean, now: number): Promise<number[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await tx
    .update(ticket)
    .set({ deletedTs: deleted ? now : null, updateTs: now })
    .where(and(inArray(ticket.ticketId, ids), deleted ? isNull(ticket.deletedTs) : isNotNull(ticket.deletedTs)))
    .returning({ ticketId: ticket.ticketId });
  for (const r of rows) {
    await insertEvents(tx, r.ticketId, actorId, now, [{ field: 'deleted', old: !deleted, new: deleted }]);
  }
  return rows.map((r) => r.ticketId).sort((a, b) => a - b);
}

/** Moves tickets to Deleted tickets (soft delete); they keep everything and can be restored. */
export async function ticketDelete({ db, actor }: Ctx, ids: number[]) {
  await db.transaction(async (tx) => {
    await lockVisible(tx, actor, ids);
    await setDeleted(tx, actor.account.accountId, ids, true, Date.now());
  });
}

export async function ticketRestore({ db, actor }: Ctx, ids: number[]) {
  await db.transaction(async (tx) => {
    await lockVisible(tx, actor, ids);
    await setDeleted(tx, actor.account.accountId, ids, false, Date.now());
  });
}

/**
 * Spam: the requester is suspended (their sessions end) and every ticket they requested goes to
 * Deleted tickets. Undone by restoring the tickets and allowing the account again.
 */
export async function ticketSpam({ db, actor, authCache }: Ctx, ticketId: number) {
  const now = Date.now();
  return db.transaction(async (tx) => {
    const row = await visibleTicket(tx, actor, ticketId, true);
    const requester = await findAccount(tx, row.requesterId);
    if (requester?.userType !== 'end_user') {
      throw invalid('spam_requester_staff', 'ticket_id');
    }
    await tx
      .update(account)
      .set({ accessState: 'suspended', updateTs: now })
      .where(eq(account.accountId, requester.accountId));
    await deleteAccountSessions(tx, requester.accountId);
    await authCache.changed(tx, requester.accountId);
    const theirs = await tx
      .select({ id: ticket.ticketId })
      .from(ticket)
      .where(and(eq(ticket.requesterId, requester.accountId), isNull(ticket.deletedTs)))
      .for('update');
    const ids = await setDeleted(
      tx,
      actor.account.accountId,
      theirs.map((r) => r.id),
      true,
      now,
    );
    await insertEvents(tx, row.ticketId, actor.account.accountId, now, [{ field: 'spam', new: requester.accountId }]);
    return { requester_id: requester.accountId, ticket_ids: ids };
  });
}
