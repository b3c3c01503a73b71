import type { TLanguage, TTicketSetting, TTicketState, ZTicketAddRequest } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { queryRows } from '../../db/rows.js';
import { account } from '../../db/schema/index.js';
import { emit, transact } from '../../events/transact.js';
import { invalid } from '../../http/app-error.js';
import { defaultGroupId } from '../account/account.repo.js';
import { newAccountDefaults } from '../account-setting/account-setting.repo.js';
import { companyIdForEmail, joinDomainCompany } from '../company/company.repo.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { storeFieldValues } from '../ticket-field/field-store.js';
import {
  agentFieldValues,
  checkSolvable,
  type FieldScope,
  fieldEvents,
  fieldWords,
  loadFieldScope,
} from '../ticket-field/field-values.js';
import { addRequesterTokens } from '../ticket-search/search-index.js';
import { setSearchWords } from '../ticket-search/search-words.js';
import { documentTokens, textArrayLiteral } from '../ticket-search/tokenize.js';
import {
  type EventInput,
  findAccount,
  findAccountByEmail,
  insertComment,
  insertEvents,
  insertMembers,
  rememberTags,
} from './ticket.repo.js';
import { type CommentPlan, planComment, resolveAssignment, resolveMembers, resolveTags } from './ticket.rules.js';
import { bodyText } from './ticket.sanitize.js';
import type { Ctx } from './ticket.service.js';
import { attach, checkSubmitAs, enterState } from './ticket.state.js';

type AddInput = z.output<typeof ZTicketAddRequest>;

/**
 * Finds a requester by email or makes them: an end user joined to the organization of their
 * domain, speaking `language` where known (the public page's, their mail's), else the default.
 */
export async function findOrCreateRequester(
  tx: Tx,
  email: string,
  realName: string,
  now: number,
  language?: TLanguage | undefined,
) {
  const existing = await findAccountByEmail(tx, email);
  if (existing) {
    return existing;
  }
  const companyId = await companyIdForEmail(tx, email);
  const inserted = await tx
    .insert(account)
    .values({
      ...(await newAccountDefaults(tx)),
      ...(language ? { defaultLanguage: language } : {}),
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

export interface NewTicket {
  subject: string;
  source: 'form' | 'web' | 'chat' | 'email' | 'close_ticket';
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
  /** The ticket form (checked by the caller); null for none. */
  formId?: number | null | undefined;
  /** The field definitions `fields` were checked against (needed to index them). */
  fieldScope?: FieldScope | undefined;
}

/** Inserts a ticket, its first comment, attachments, members and creation events: one transaction's worth. */
export async function insertTicket(tx: Tx, settings: TTicketSetting, t: NewTicket, now: number): Promise<number> {
  const state = enterState(settings, { state: null, solvedTs: null, satisfactionToken: null }, t.state, now);
  const tokens = documentTokens(t.subject);
  documentTokens(bodyText(t.comment.body), tokens);
  if (t.fieldScope && t.fields) {
    documentTokens(fieldWords(t.fieldScope, t.fields), tokens);
  }
  await addRequesterTokens(tx, t.requester.accountId, tokens);
  // A requester without an organization (they wrote before it had their domain) joins it now,
  // and the ticket is the organization's like a new requester's would be.
  const companyId = t.requester.companyId ?? (await joinDomainCompany(tx, t.requester.accountId, now));
  // Every new ticket: a template, not the query builder (db/rows.ts).
  const [row] = await queryRows<{ ticket_id: number }>(
    tx,
    sql`INSERT INTO ticket (subject, ticket_state, ticket_type, priority, source, requester_id, submitter_id,
        assignee_id, group_id, company_id, tags, fields, form_id, satisfaction_token, create_ts, update_ts, solved_ts)
      VALUES (${t.subject}, ${t.state}, ${t.ticketType ?? 'question'}, ${t.priority ?? 'normal'}, ${t.source},
        ${t.requester.accountId}, ${t.submitterId}, ${t.assignment.assigneeId}, ${t.assignment.groupId},
        ${companyId}, ${textArrayLiteral(t.tags)}::text[], ${JSON.stringify(t.fields ?? {})}::jsonb, ${t.formId ?? null},
        ${state.satisfactionToken}, ${now}, ${now}, ${state.solvedTs})
      RETURNING ticket_id`,
  );
  const ticketId = Number(row?.ticket_id);
  await setSearchWords(tx, ticketId, tokens);
  if (t.fieldScope && t.fields) {
    await storeFieldValues(tx, ticketId, t.fieldScope, {}, t.fields);
  }
  const commentId = await insertComment(tx, {
    ticketId,
    authorId: t.authorId,
    body: t.comment.body,
    isPublic: t.comment.isPublic,
    now,
  });
  await attach(tx, t.comment, ticketId, commentId);
  await insertMembers(tx, ticketId, t.members);
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
  events.push(...fieldEvents({}, t.fields ?? {}));
  await insertEvents(tx, ticketId, t.authorId, now, events);
  emit(tx, { type: 'ticket.created', ticketId, actorId: t.authorId, source: t.source, commentId });
  return ticketId;
}

/** What a visitor's own new ticket needs: who they are and what they wrote; the rest is the defaults. */
export interface RequesterTicket {
  email: string;
  realName: string;
  subject: string;
  source: 'form' | 'chat';
  /** The language of the page the visitor wrote from: a new requester's mails speak it. */
  language?: TLanguage | undefined;
  ticketType?: string | undefined;
  comment: CommentPlan;
  /** The group it waits in; the default group when not given. */
  groupId?: number | null | undefined;
  /** Checked custom field values (customerFieldValues), their form and definitions. */
  fields?: Record<string, unknown> | undefined;
  formId?: number | null | undefined;
  fieldScope?: FieldScope | undefined;
}

/**
 * A ticket that a visitor opens for themselves (the public form, a chat): the requester found or
 * made by email, the ticket new and unassigned in the default group. A suspended requester is
 * refused like any refused submission: a stranger typing an email must not learn the account is
 * suspended.
 */
export async function insertRequesterTicket(tx: Tx, settings: TTicketSetting, input: RequesterTicket, now: number) {
  const requester = await findOrCreateRequester(tx, input.email, input.realName, now, input.language);
  if (requester.accessState !== 'allowed') {
    throw invalid('submission_refused');
  }
  const ticketId = await insertTicket(
    tx,
    settings,
    {
      subject: input.subject,
      source: input.source,
      ticketType: input.ticketType,
      requester: { accountId: requester.accountId, companyId: requester.companyId },
      submitterId: requester.accountId,
      authorId: requester.accountId,
      comment: input.comment,
      state: 'new',
      assignment: { assigneeId: null, groupId: input.groupId ?? (await defaultGroupId(tx)) },
      tags: [],
      members: { ccIds: [], followerIds: [] },
      fields: input.fields,
      formId: input.formId,
      fieldScope: input.fieldScope,
    },
    now,
  );
  // Anyone can type a staff member's email into the form: the ticket is theirs as requester (the
  // replies go to that address), but its history says nobody proved it (docs/decisions/0007).
  if (requester.userType !== 'end_user') {
    await insertEvents(tx, ticketId, null, now, [{ field: 'requester_unverified', new: requester.accountId }]);
  }
  return { ticketId, requester };
}

/**
 * Where a new back-office ticket goes so that its creator sees it afterwards (`ticket_access`,
 * `maySeeTicket`). Admins and agents who see all tickets choose freely. An agent limited to their
 * groups may name only a group they are in; without a group or an assignee, the ticket goes to
 * the default group when they are in it, else to their first group. An agent who sees only their
 * own tickets (those assigned to them), or a groups agent in no group, gets the ticket assigned
 * to themself when they name no assignee. Naming another assignee is theirs to choose: the ticket
 * is then that agent's (and may leave the creator's sight).
 */
async function placeForCreator(tx: Tx, actor: Ctx['actor'], input: AddInput): Promise<AddInput> {
  const me = actor.account;
  if (me.userType === 'admin' || me.ticketAccess === 'all') {
    return input;
  }
  if (input.group_id !== undefined && input.group_id !== null && !me.groupIds.includes(input.group_id)) {
    throw invalid('group_not_visible', 'group_id');
  }
  if (input.assignee_id !== undefined && input.assignee_id !== null) {
    return input;
  }
  if (me.ticketAccess !== 'groups' || me.groupIds.length === 0) {
    return { ...input, assignee_id: me.accountId };
  }
  if (input.group_id !== undefined && input.group_id !== null) {
    return input;
  }
  const fallback = await defaultGroupId(tx);
  const groupId = fallback !== null && me.groupIds.includes(fallback) ? fallback : (me.groupIds[0] as number);
  return { ...input, group_id: groupId };
}

/** `ticket.add` in the back office: for an existing requester or a new one by email. */
export async function ticketAdd(ctx: Ctx, input: AddInput) {
  const { db, actor } = ctx;
  const settings = await getTicketSettings(db);
  checkSubmitAs(actor, input.submit_as);
  const comment = planComment(actor, settings, input.comment);
  const now = Date.now();
  const fieldScope = await loadFieldScope(db, input.form_id);
  if (input.form_id && fieldScope.form?.formState !== 'active') {
    throw invalid('form_inactive', 'form_id');
  }
  const fields = agentFieldValues(fieldScope, {}, input.fields, true);
  if (input.submit_as === 'solved' || input.submit_as === 'closed') {
    checkSolvable(fieldScope, fields);
  }
  try {
    return await transact(ctx, async (tx) => {
      let requester: typeof account.$inferSelect | null;
      if (input.requester_id !== undefined) {
        requester = await findAccount(tx, input.requester_id);
        if (!requester) {
          throw invalid('field_invalid', 'requester_id');
        }
      } else {
        requester = await findOrCreateRequester(tx, input.requester_email as string, input.requester_name ?? '', now);
      }
      const wanted = await placeForCreator(tx, actor, input);
      let assignment = await resolveAssignment(tx, actor, settings, { assigneeId: null, groupId: null }, wanted);
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
          fields,
          formId: fieldScope.form?.formId ?? null,
          fieldScope,
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
