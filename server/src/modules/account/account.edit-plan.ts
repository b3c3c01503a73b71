import { passwordProblem, type TUserType, type ZAccountEditRequest } from '@parley/contracts';
import type { z } from 'zod';
import type { account } from '../../db/schema/index.js';
import { forbidden, invalid } from '../../http/app-error.js';
import {
  isStaff,
  mayGiveUserType,
  mayManage,
  maySelfChangePermissions,
  type Party,
  permissionFields,
} from './account.policy.js';
import type { AccountWithLinks } from './account.presenter.js';

export type EditInput = z.output<typeof ZAccountEditRequest>;

/** The account as the plan reads it (`findAccountWithLinks`). */
export type EditTarget = Pick<
  AccountWithLinks,
  | 'accountId'
  | 'userType'
  | 'email'
  | 'passwordHash'
  | 'avatar'
  | 'ticketAccess'
  | 'replyAccess'
  | 'canCloseTicket'
  | 'allowCheckEmail'
  | 'toolAccess'
  | 'roleIds'
  | 'groupIds'
  | 'timezone'
  | 'timezoneInForce'
>;

/** What an edit of an account writes and what the write must still check, decided before anything is written. */
export interface AccountEditPlan {
  userType: TUserType;
  /** Columns of `account` to set (`update_ts` and the password hash are added by the write). */
  set: Partial<typeof account.$inferInsert>;
  /**
   * A new password, to hash and store. Whoever sets it controls the account (the grant guard
   * checks a takeover) and the account's sessions end.
   */
  password: string | null;
  /** The avatar changes: the new file must be an uploaded avatar, the old one goes after the commit. */
  avatar: { next: string; previous: string } | null;
  /**
   * The email or the user type changes: set-password links sent before stop working (one mailed
   * to an address since corrected must not take the account over).
   */
  dropLinks: boolean;
  /** Checks that need the database, in the order the write makes them. */
  checks: {
    /** The target is an admin who stops being one: another active admin must remain. */
    lastAdmin: boolean;
    /** A new email, which no other account may hold. */
    email: string | null;
    roleIds: number[] | undefined;
    groupIds: number[] | undefined;
    companyId: number | null | undefined;
  };
  /**
   * Roles and groups: emptied for an end user; the defaults (or the ones sent) for an end user
   * becoming staff; otherwise the lists sent, each only when sent.
   */
  links:
    | { kind: 'clear' }
    | { kind: 'join'; roleIds: number[] | undefined; groupIds: number[] | undefined }
    | { kind: 'set'; roleIds: number[] | undefined; groupIds: number[] | undefined };
}

/** Admins and agents always need a password; an end user's is optional but follows the same rule. */
export function checkPassword(userType: string, email: string, password: string | undefined, hasOne: boolean): void {
  if (!password) {
    if (isStaff(userType) && !hasOne) {
      throw invalid('required_password', 'password');
    }
    return;
  }
  // The spec's message on the wire, whichever rule it breaks (the form named the rule already).
  if (passwordProblem(password, email)) {
    throw invalid('password_not_allowed', 'password');
  }
}

/** End users hold no roles or groups. */
export function checkStaffOnlyLinks(userType: string, input: { role_ids?: number[]; group_ids?: number[] }): void {
  if (isStaff(userType)) {
    return;
  }
  if (input.role_ids?.length) {
    throw invalid('staff_only', 'role_ids');
  }
  if (input.group_ids?.length) {
    throw invalid('staff_only', 'group_ids');
  }
}

/**
 * The time zone an edit writes: `null` (sent) to follow Settings › Localization's default again;
 * none when it is the one the account shows while it follows the default (a form that knows no
 * `null` sends it back unchanged), so that the account keeps following the default; any other
 * value is the account's own from then on.
 */
export function chosenTimezone(
  value: string | null | undefined,
  target: Pick<AccountWithLinks, 'timezone' | 'timezoneInForce'>,
): string | null | undefined {
  return target.timezone === null && value === target.timezoneInForce ? undefined : value;
}

/** Profile and management columns of an input, as the table names them. */
export function columnsOf(input: Partial<EditInput>) {
  const set: Partial<typeof account.$inferInsert> = {};
  const map: Array<[keyof EditInput, keyof typeof account.$inferInsert]> = [
    ['email', 'email'],
    ['real_name', 'realName'],
    ['user_type', 'userType'],
    ['ticket_access', 'ticketAccess'],
    ['reply_access', 'replyAccess'],
    ['can_close_ticket', 'canCloseTicket'],
    ['avatar', 'avatar'],
    ['alias_name', 'aliasName'],
    ['signature', 'signature'],
    ['enable_signature', 'enableSignature'],
    ['default_language', 'defaultLanguage'],
    ['timezone', 'timezone'],
    ['inner_notes', 'innerNotes'],
    ['allow_check_email', 'allowCheckEmail'],
    ['tool_access', 'toolAccess'],
    ['company_id', 'companyId'],
  ];
  for (const [from, to] of map) {
    if (input[from] !== undefined) {
      (set as Record<string, unknown>)[to] = input[from];
    }
  }
  return set;
}

const sameIds = (a: readonly unknown[], b: readonly unknown[]) =>
  [...new Set(a)].sort().join() === [...new Set(b)].sort().join();

/** Whether the input changes a field that decides what the target may do. */
export function changesPermissions(target: EditTarget, input: EditInput): boolean {
  const before: Record<string, unknown> = {
    user_type: target.userType,
    ticket_access: target.ticketAccess,
    reply_access: target.replyAccess,
    can_close_ticket: target.canCloseTicket,
    allow_check_email: target.allowCheckEmail,
  };
  const lists: Record<string, readonly unknown[]> = {
    role_ids: target.roleIds,
    group_ids: target.groupIds,
    tool_access: target.toolAccess,
  };
  return permissionFields.some((field) => {
    const value = input[field];
    if (value === undefined) {
      return false;
    }
    const old = lists[field];
    return old ? !sameIds(value as readonly unknown[], old) : value !== before[field];
  });
}

/**
 * Decides an edit of an account without the database: who may make it, what it sets, and what
 * the write must check and do. Throws the refusals that need nothing but the input and the target.
 */
export function planAccountEdit(me: Party, target: EditTarget, input: EditInput): AccountEditPlan {
  const them = { accountId: target.accountId, userType: target.userType };
  if (!mayManage(me, them)) {
    throw forbidden();
  }
  const userType = input.user_type ?? (target.userType as TUserType);
  if (!mayGiveUserType(me, them, userType)) {
    throw forbidden();
  }
  // Holding `auth.account.edit` is no way to grant oneself more.
  if (target.accountId === me.accountId && !maySelfChangePermissions(me) && changesPermissions(target, input)) {
    throw forbidden();
  }
  // Staff already, with no password yet: invited, and sets it through the mail's link.
  const passwordComing = target.passwordHash === null && isStaff(target.userType);
  checkPassword(userType, input.email ?? target.email, input.password, target.passwordHash !== null || passwordComing);
  checkStaffOnlyLinks(userType, input);
  const avatarChanged = input.avatar !== undefined && input.avatar !== target.avatar;
  return {
    userType,
    set: columnsOf({ ...input, user_type: userType, timezone: chosenTimezone(input.timezone, target) }),
    password: input.password || null,
    avatar: avatarChanged ? { next: input.avatar as string, previous: target.avatar } : null,
    dropLinks:
      userType !== target.userType ||
      (input.email !== undefined && input.email.toLowerCase() !== target.email.toLowerCase()),
    checks: {
      lastAdmin: target.userType === 'admin' && userType !== 'admin',
      email: input.email || null,
      roleIds: isStaff(userType) ? input.role_ids : undefined,
      groupIds: isStaff(userType) ? input.group_ids : undefined,
      companyId: input.company_id,
    },
    links: !isStaff(userType)
      ? { kind: 'clear' }
      : !isStaff(target.userType)
        ? { kind: 'join', roleIds: input.role_ids, groupIds: input.group_ids }
        : { kind: 'set', roleIds: input.role_ids, groupIds: input.group_ids },
  };
}
