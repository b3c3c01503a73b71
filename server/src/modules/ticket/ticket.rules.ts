import { randomBytes } from 'node:crypto';
import { blockedEmail, type TTicketSetting } from '@parley/contracts';
import type { DbOrTx } from '../../db/client.js';
import { invalid, invalidWith } from '../../http/app-error.js';
import type { Actor } from '../auth/actor.js';
import { isStaffType, mayReassign, mayReplyPublicly } from './ticket.policy.js';
import { findAccount, findAccounts, groupExists, groupsOf, type Members } from './ticket.repo.js';
import { isEmptyBody, sanitizeBody } from './ticket.sanitize.js';

/** Shared checks of ticket writes: who may be assignee, CC or follower, and what a comment may be. */

export interface Assignment {
  assigneeId: number | null;
  groupId: number | null;
}

/**
 * The assignee and group after a change. An assignee must be an active agent or admin and, when
 * a group is given with them, a member of it. An assignee given alone brings their group (their
 * default group first) unless they are in the ticket's group already; a group given alone drops
 * an assignee who is not in it.
 */
export async function resolveAssignment(
  tx: DbOrTx,
  actor: Actor | null,
  settings: TTicketSetting,
  current: Assignment,
  input: { assignee_id?: number | null | undefined; group_id?: number | null | undefined },
): Promise<Assignment> {
  let { assigneeId, groupId } = current;
  if (input.group_id !== undefined && input.group_id !== null && !(await groupExists(tx, input.group_id))) {
    throw invalid('field_invalid', 'group_id');
  }
  if (input.assignee_id !== undefined) {
    if (actor && !mayReassign(actor, settings.allow_reassign, current.assigneeId, input.assignee_id)) {
      throw invalid('reassign_not_allowed', 'assignee_id');
    }
    assigneeId = input.assignee_id;
  }
  if (input.group_id !== undefined) {
    groupId = input.group_id;
  }
  if (assigneeId === null) {
    return { assigneeId, groupId };
  }
  if (assigneeId !== current.assigneeId) {
    const who = await findAccount(tx, assigneeId);
    if (!who || !isStaffType(who.userType) || who.accessState !== 'allowed') {
      throw invalid('assignee_must_be_staff', 'assignee_id');
    }
  }
  const groups = await groupsOf(tx, assigneeId);
  if (groupId !== null && groups.includes(groupId)) {
    return { assigneeId, groupId };
  }
  if (input.group_id !== undefined && input.group_id !== null) {
    if (input.assignee_id !== undefined) {
      throw invalid('assignee_not_in_group', 'assignee_id');
    }
    // A new group without a new assignee: the old assignee is not in it, so the ticket waits in the group.
    return { assigneeId: null, groupId };
  }
  return { assigneeId, groupId: groups[0] ?? groupId };
}

/** The people a change adds to the CCs and followers, as read before it is planned. */
export type AddedPeople = Partial<Record<'cc_ids' | 'follower_ids', Array<{ userType: string; email: string }>>>;

const memberLists = [
  ['cc_ids', 'ccIds'],
  ['follower_ids', 'followerIds'],
] as const;

type MemberInput = { cc_ids?: number[] | undefined; follower_ids?: number[] | undefined };

/** The wanted list of `field` (deduplicated, sorted), or undefined while it is not changed or its setting is off. */
function wantedIds(settings: TTicketSetting, field: 'cc_ids' | 'follower_ids', input: MemberInput) {
  const enabled = field === 'cc_ids' ? settings.enable_ccs : settings.enable_follow;
  const wanted = input[field];
  return wanted === undefined || !enabled ? undefined : [...new Set(wanted)].sort((a, b) => a - b);
}

/** Reads the accounts a change adds to the CCs and followers (checked by `checkMembers`). */
export async function loadAddedPeople(
  tx: DbOrTx,
  settings: TTicketSetting,
  current: Members,
  input: MemberInput,
): Promise<AddedPeople> {
  const added: AddedPeople = {};
  for (const [field, key] of memberLists) {
    const ids = wantedIds(settings, field, input);
    if (ids !== undefined) {
      added[field] = await findAccounts(
        tx,
        ids.filter((id) => !current[key].includes(id)),
      );
    }
  }
  return added;
}

/**
 * CCs (any account) and followers (agents and admins), each list only when its setting is on,
 * and never an address or domain of the blocklist. Only newly added people are checked against
 * it, so that an unrelated edit does not fail on an old CC. Pure: `added` was read before.
 */
export function checkMembers(
  settings: TTicketSetting,
  current: Members,
  input: MemberInput,
  added: AddedPeople,
): Members {
  const next: Members = { ...current };
  for (const [field, key] of memberLists) {
    const ids = wantedIds(settings, field, input);
    if (ids === undefined) {
      continue;
    }
    const people = added[field] ?? [];
    if (people.length !== ids.filter((id) => !current[key].includes(id)).length) {
      throw invalid('field_invalid', field);
    }
    if (field === 'follower_ids' && people.some((p) => !isStaffType(p.userType))) {
      throw invalid('followers_must_be_staff', field);
    }
    const blocked = blockedEmail(
      settings.follow_and_ccs_blacklist,
      people.map((p) => p.email),
    );
    if (blocked) {
      throw invalidWith('cc_blacklisted', field, { email: blocked });
    }
    next[key] = ids;
  }
  return next;
}

/** `loadAddedPeople` then `checkMembers`: the CCs and followers after a change. */
export async function resolveMembers(
  tx: DbOrTx,
  settings: TTicketSetting,
  current: Members,
  input: MemberInput,
): Promise<Members> {
  return checkMembers(settings, current, input, await loadAddedPeople(tx, settings, current, input));
}

export interface CommentPlan {
  body: string;
  isPublic: boolean;
  fileIds: string[];
  /** Whose uploads `fileIds` must be: the caller's, or anonymous ones (public form) when null or left out. */
  uploaderId?: number | null;
  /**
   * Written by the product, not by its author: a chat's "The chat has ended" (`end_chat`). Said in
   * the comment's history entry; the reports do not count it as a reply.
   */
  source?: 'end_chat';
}

/**
 * A comment as it will be stored: sanitized, public or internal by the caller's right and the
 * `public_comment` default, attachments only while `can_attach` is on.
 */
export function planComment(
  actor: Actor | null,
  settings: TTicketSetting,
  input: { body: string; is_public?: boolean | undefined; file_ids?: string[] | undefined },
  format: 'html' | 'text' = 'html',
  /** What an empty comment is refused as: a ticket's description, or a chat's message (its `body`). */
  empty: { key: 'required_description' | 'required_chat_message'; field: string } = {
    key: 'required_description',
    field: 'comment.body',
  },
): CommentPlan {
  const fileIds = [...new Set(input.file_ids ?? [])];
  if (fileIds.length && !settings.can_attach) {
    throw invalid('attachments_disabled', 'file_ids');
  }
  const body = sanitizeBody(input.body, { showHyperlink: settings.show_hyperlink, plainText: format === 'text' });
  if (isEmptyBody(body) && fileIds.length === 0) {
    throw invalid(empty.key, empty.field);
  }
  let isPublic = input.is_public ?? settings.public_comment;
  if (actor && !mayReplyPublicly(actor)) {
    if (input.is_public === true) {
      throw invalid('public_reply_not_allowed', 'comment.is_public');
    }
    isPublic = false;
  }
  return { body, isPublic, fileIds, uploaderId: actor?.account.accountId ?? null };
}

/** The survey link's key: random, unguessable, one per ticket. */
export const newSatisfactionToken = () => randomBytes(24).toString('base64url');

/** Tags while `enable_tag` is on (deduplicated, in the order given); otherwise the ticket keeps its tags. */
export function resolveTags(settings: TTicketSetting, current: string[], input: string[] | undefined): string[] {
  if (input === undefined || !settings.enable_tag) {
    return current;
  }
  return [...new Set(input)];
}
