import { describe, expect, it } from 'vitest';
import type { AppError } from '../../http/app-error.js';
import { type AccountEditPlan, type EditInput, type EditTarget, planAccountEdit } from './account.edit-plan.js';
import type { Party } from './account.policy.js';

// planAccountEdit decides an edit without the database: a table of who edits whom with what, and
// what comes out (a refusal, or what the write will set, check and link).

const admin: Party = { accountId: 1, userType: 'admin' };
const agentMe: Party = { accountId: 3, userType: 'agent' };

function target(overrides: Partial<EditTarget> = {}): EditTarget {
  return {
    accountId: 20,
    userType: 'agent',
    email: 'sam@example.com',
    passwordHash: 'hash',
    avatar: '',
    ticketAccess: 'groups',
    replyAccess: 'public',
    canCloseTicket: true,
    allowCheckEmail: false,
    toolAccess: [],
    roleIds: [5],
    groupIds: [7],
    timezone: null,
    timezoneInForce: 'UTC',
    ...overrides,
  };
}

const agentSelf = target({ accountId: agentMe.accountId });
const endUser = target({ accountId: 30, userType: 'end_user', passwordHash: null, roleIds: [], groupIds: [] });
const otherAdmin = target({ accountId: 2, userType: 'admin' });

type Outcome = { refused: string } | Partial<AccountEditPlan>;

function outcome(me: Party, t: EditTarget, input: Omit<EditInput, 'account_id'>): Outcome {
  try {
    return planAccountEdit(me, t, { account_id: t.accountId, ...input } as EditInput);
  } catch (error) {
    const e = error as AppError;
    return { refused: [e.code, ...Object.keys(e.fields ?? {})].join(' ') };
  }
}

const cases: Array<[string, Party, EditTarget, Omit<EditInput, 'account_id'>, Outcome]> = [
  // Who may edit whom.
  ['an agent edits an admin', agentMe, otherAdmin, { real_name: 'x' }, { refused: '0403' }],
  ['an agent makes someone an admin', agentMe, endUser, { user_type: 'admin' }, { refused: '0403' }],
  ['an agent raises itself to admin', agentMe, agentSelf, { user_type: 'admin' }, { refused: '0403' }],
  ['an agent changes its own reply access', agentMe, agentSelf, { reply_access: 'internal' }, { refused: '0403' }],
  ['an agent changes its own roles', agentMe, agentSelf, { role_ids: [5, 6] }, { refused: '0403' }],
  [
    'an agent sends its own roles unchanged, reordered',
    agentMe,
    agentSelf,
    { role_ids: [5, 5] },
    { userType: 'agent' },
  ],
  [
    'an agent edits its own name',
    agentMe,
    agentSelf,
    { real_name: 'Me' },
    { set: { realName: 'Me', userType: 'agent' } },
  ],
  [
    'an admin changes its own reply access',
    admin,
    target({ accountId: 1, userType: 'admin' }),
    { reply_access: 'internal' },
    { set: { replyAccess: 'internal', userType: 'admin' } },
  ],
  // Passwords.
  [
    'an end user becomes an agent without a password',
    admin,
    endUser,
    { user_type: 'agent' },
    { refused: 'FFFF password' },
  ],
  [
    'an end user becomes an agent with a password',
    admin,
    endUser,
    { user_type: 'agent', password: 'long-enough-9' },
    { password: 'long-enough-9', links: { kind: 'join', roleIds: undefined, groupIds: undefined } },
  ],
  ['a password equal to the email', admin, target(), { password: 'sam@example.com' }, { refused: 'FFFF password' }],
  ['an agent keeps its password', admin, target(), { real_name: 'Sam' }, { password: null }],
  [
    'an invited agent, with no password until they follow the link, is renamed',
    admin,
    target({ passwordHash: null }),
    { real_name: 'Sam' },
    { password: null, set: { realName: 'Sam' } },
  ],
  // Roles and groups.
  ['roles for an end user', admin, endUser, { role_ids: [5] }, { refused: 'FFFF role_ids' }],
  ['groups for an end user', admin, endUser, { group_ids: [7] }, { refused: 'FFFF group_ids' }],
  [
    'an agent becomes an end user',
    admin,
    target(),
    { user_type: 'end_user' },
    {
      links: { kind: 'clear' },
      checks: { lastAdmin: false, email: null, roleIds: undefined, groupIds: undefined, companyId: undefined },
    },
  ],
  [
    'an agent gets new groups',
    admin,
    target(),
    { group_ids: [8] },
    { links: { kind: 'set', roleIds: undefined, groupIds: [8] } },
  ],
  // What the write must check.
  [
    'an admin stops being one',
    admin,
    otherAdmin,
    { user_type: 'agent' },
    { checks: { lastAdmin: true, email: null, roleIds: undefined, groupIds: undefined, companyId: undefined } },
  ],
  [
    'a new email and organization',
    admin,
    endUser,
    { email: 'new@example.com', company_id: 4 },
    { checks: { lastAdmin: false, email: 'new@example.com', roleIds: undefined, groupIds: undefined, companyId: 4 } },
  ],
  // Avatars.
  [
    'a new avatar',
    admin,
    target({ avatar: 'old.png' }),
    { avatar: 'new.png' },
    { avatar: { next: 'new.png', previous: 'old.png' } },
  ],
  ['the same avatar', admin, target({ avatar: 'old.png' }), { avatar: 'old.png' }, { avatar: null }],
];

describe('planAccountEdit', () => {
  it.each(cases)('%s', (_name, me, t, input, expected) => {
    expect(outcome(me, t, input)).toMatchObject(expected);
  });

  it('sets only the columns sent, with the user type kept', () => {
    const plan = planAccountEdit(admin, target(), {
      account_id: 20,
      real_name: 'Sam',
      can_close_ticket: false,
    } as EditInput);
    expect(plan.set).toEqual({ realName: 'Sam', canCloseTicket: false, userType: 'agent' });
  });
});
