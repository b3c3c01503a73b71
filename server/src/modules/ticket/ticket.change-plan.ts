import type { TSubmitAs, TTicketSetting, TTicketState } from '@parley/contracts';
import type { ticket } from '../../db/schema/index.js';
import { invalid } from '../../http/app-error.js';
import type { Actor } from '../auth/actor.js';
import {
  agentFieldValues,
  checkSolvable,
  type FieldScope,
  type FieldValues,
  fieldEvents,
  fieldWords,
} from '../ticket-field/field-values.js';
import { isStaffType } from './ticket.policy.js';
import type { EventInput, Members, TicketRow } from './ticket.repo.js';
import { type AddedPeople, type Assignment, type CommentPlan, checkMembers, resolveTags } from './ticket.rules.js';
import { bodyText } from './ticket.sanitize.js';
import { enterState } from './ticket.state.js';

/** One update of a ticket as the services ask for it (the agent's edit, bulk edit, chat). */
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

/** What planning needs that only the database knows, read first (ticket.edit.ts `readFacts`). */
export interface ChangeFacts {
  /** The assignee and group after the change (`resolveAssignment`, which checks them). */
  assignment: Assignment;
  /** The CCs and followers now and the accounts the change adds, when it sets either list. */
  members: { current: Members; added: AddedPeople } | null;
  /** The fields of the ticket's form after the change: when fields or form change, or the ticket may become solved. */
  scope: FieldScope | null;
}

/** What an update writes, decided before anything is written. */
export interface ChangePlan {
  /** Columns of `ticket` to set (`update_ts` and the search vector are added by the write). */
  set: Partial<typeof ticket.$inferInsert>;
  /** One history entry per change, in order; the comment's own entry follows its insert. */
  events: EventInput[];
  /** Tags to remember for autocompletion, when the tags changed. */
  tags: string[] | null;
  /** CC and follower lists to replace. */
  members: Array<{ type: 'cc' | 'follower'; ids: number[] }>;
  /** Custom field values to store in the value table, when any changed. */
  fieldValues: { scope: FieldScope; before: FieldValues; next: FieldValues } | null;
  comment: CommentPlan | null;
  /**
   * The search vector: texts appended to it, or rebuilt from the new subject, the comments
   * (read when written) and these field words.
   */
  search: { append: string[] } | { rebuild: string; fieldWords: string | null } | null;
}

const solving = (s: string) => s === 'solved' || s === 'closed';

/**
 * A public reply of an agent: it opens a new ticket, may take it (auto-assign), and counts as the
 * first reply. The "chat has ended" message is the product's words under the agent's name, not a reply.
 */
export const isPublicAgentReply = (actor: Actor, change: Change) =>
  Boolean(change.comment?.isPublic) && change.comment?.source !== 'end_chat' && isStaffType(actor.account.userType);

/** The assignee and group asked for, with auto-assign: the first agent to reply publicly takes an unassigned ticket. */
export function assignmentInput(actor: Actor, settings: TTicketSetting, row: TicketRow, change: Change) {
  const input = { assignee_id: change.assignee_id, group_id: change.group_id };
  if (
    settings.auto_assign &&
    isPublicAgentReply(actor, change) &&
    row.assigneeId === null &&
    input.assignee_id === undefined
  ) {
    return { ...input, assignee_id: actor.account.accountId };
  }
  return input;
}

/** Whether planning needs the custom fields (`ChangeFacts.scope`), and of which form. */
export function scopeNeeded(row: TicketRow, change: Change): { formId: number | null } | null {
  const formChanges = change.form_id !== undefined && change.form_id !== row.formId;
  const fieldsTouched = change.fields !== undefined || formChanges;
  const maySolve = change.submit_as !== undefined && solving(change.submit_as) && !solving(row.ticketState);
  // A new subject rebuilds the search words, those of the ticket's field values with them.
  const renamedWithValues =
    change.subject !== undefined && change.subject !== row.subject && Object.keys(row.fields).length > 0;
  if (!fieldsTouched && !maySolve && !renamedWithValues) {
    return null;
  }
  return { formId: formChanges ? (change.form_id ?? null) : row.formId };
}

/** A closed or deleted ticket takes no change. */
export function refuseLocked(row: TicketRow) {
  if (row.deletedTs !== null) {
    throw invalid('ticket_deleted', 'ticket_id');
  }
  if (row.ticketState === 'closed') {
    throw invalid('ticket_closed', 'ticket_id');
  }
}

/**
 * One ticket's update, planned without the database: properties, custom fields, members, state,
 * the comment and the search words, with one event per change. Refuses what the rules refuse,
 * in the order the fields are checked (assignment first, in `facts`; then fields, members, state).
 */
export function planChange(
  actor: Actor,
  settings: TTicketSetting,
  row: TicketRow,
  change: Change,
  facts: ChangeFacts,
  now: number,
): ChangePlan {
  const events: EventInput[] = [];
  const set: Partial<typeof ticket.$inferInsert> = {};
  const { assignment } = facts;
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
  const tagsChanged = tags.join('\n') !== row.tags.join('\n');
  if (tagsChanged) {
    set.tags = tags;
    events.push({ field: 'tags', old: row.tags, new: tags });
  }

  // Custom fields and the form: checked against the fields (and the new form, which must be active).
  const formChanges = change.form_id !== undefined && change.form_id !== row.formId;
  const fieldsTouched = change.fields !== undefined || formChanges;
  let fieldValues: ChangePlan['fieldValues'] = null;
  let newFieldWords = '';
  if (fieldsTouched) {
    const scope = facts.scope as FieldScope;
    const formId = formChanges ? (change.form_id ?? null) : row.formId;
    if (formChanges && formId !== null && scope.form?.formState !== 'active') {
      throw invalid('form_inactive', 'form_id');
    }
    const next = agentFieldValues(scope, row.fields, change.fields, false);
    if (formChanges) {
      set.formId = formId;
      events.push({ field: 'form_id', old: row.formId, new: formId });
    }
    const fieldChanges = fieldEvents(row.fields, next);
    if (fieldChanges.length) {
      set.fields = next;
      events.push(...fieldChanges);
      fieldValues = { scope, before: row.fields, next };
      newFieldWords = fieldWords(scope, next);
    }
  }

  const members: ChangePlan['members'] = [];
  if (facts.members) {
    const { current, added } = facts.members;
    const next = checkMembers(settings, current, change, added);
    for (const [field, key, type] of [
      ['cc_ids', 'ccIds', 'cc'],
      ['follower_ids', 'followerIds', 'follower'],
    ] as const) {
      if (next[key].join() !== current[key].join()) {
        members.push({ type, ids: next[key] });
        events.push({ field, old: current[key], new: next[key] });
      }
    }
  }

  // State: as submitted; a public agent reply opens a new ticket.
  const replyingPublicly = isPublicAgentReply(actor, change);
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
    if (solving(state.state) && !solving(row.ticketState)) {
      checkSolvable(facts.scope as FieldScope, set.fields ?? row.fields);
    }
    set.ticketState = state.state;
    set.solvedTs = state.solvedTs;
    set.satisfactionToken = state.satisfactionToken;
    events.push(...state.events);
  }

  const comment = change.comment ?? null;
  if (comment && replyingPublicly && row.firstReplyTs === null && actor.account.accountId !== row.requesterId) {
    set.firstReplyTs = now;
  }
  let search: ChangePlan['search'] = null;
  if (set.subject !== undefined) {
    // A new subject: rebuilt from scratch so that the old subject's words go; the words of the
    // field values are added again (the scope is read whenever the ticket has values).
    search = {
      rebuild: set.subject,
      fieldWords: facts.scope ? fieldWords(facts.scope, set.fields ?? row.fields) : null,
    };
  } else if (newFieldWords || comment) {
    // New field words join the vector; words of a former value stay until the next rebuild.
    search = { append: [newFieldWords, comment ? bodyText(comment.body) : ''].filter((text) => text !== '') };
  }
  return { set, events, tags: tagsChanged ? tags : null, members, fieldValues, comment, search };
}
