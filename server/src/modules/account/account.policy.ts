import type { TUserType } from '@parley/contracts';

/** Who is acting and on whom: just what the rules need. */
export interface Party {
  accountId: number;
  userType: string;
}

const rank: Record<string, number> = { end_user: 0, agent: 1, admin: 2 };

/** Admins manage anyone; someone else with the node manages agents and end users, never admins. */
export function mayManage(actor: Party, target: Party): boolean {
  return actor.userType === 'admin' || target.userType !== 'admin';
}

/**
 * Only an admin makes an admin, and nobody raises their own user type (an admin cannot go higher,
 * an agent with the edit node cannot make itself an admin).
 */
export function mayGiveUserType(actor: Party, target: Party | null, userType: TUserType): boolean {
  if (userType === 'admin' && actor.userType !== 'admin') {
    return false;
  }
  if (target && target.accountId === actor.accountId && (rank[userType] ?? 0) > (rank[target.userType] ?? 0)) {
    return false;
  }
  return true;
}

/**
 * Fields that decide what an account may do. A non-admin editing their own account may not
 * change them: holding `auth.account.edit` must not be a way to grant oneself more.
 */
export const permissionFields = [
  'user_type',
  'role_ids',
  'group_ids',
  'ticket_access',
  'reply_access',
  'can_close_ticket',
  'tool_access',
  'allow_check_email',
] as const;

export function maySelfChangePermissions(actor: Party): boolean {
  return actor.userType === 'admin';
}

export const isStaff = (userType: string) => userType === 'admin' || userType === 'agent';
