import { describe, expect, it } from 'vitest';
import { mayGiveUserType, mayManage, maySelfChangePermissions } from './account.policy.js';

const admin = { accountId: 1, userType: 'admin' };
const otherAdmin = { accountId: 2, userType: 'admin' };
const agent = { accountId: 3, userType: 'agent' };
const endUser = { accountId: 4, userType: 'end_user' };

describe('account policy', () => {
  it('lets admins manage anyone and others manage everyone but admins', () => {
    expect(mayManage(admin, otherAdmin)).toBe(true);
    expect(mayManage(agent, endUser)).toBe(true);
    expect(mayManage(agent, { accountId: 9, userType: 'agent' })).toBe(true);
    expect(mayManage(agent, admin)).toBe(false);
  });

  it('lets only admins make admins, and nobody raise their own type', () => {
    expect(mayGiveUserType(admin, null, 'admin')).toBe(true);
    expect(mayGiveUserType(agent, null, 'admin')).toBe(false);
    expect(mayGiveUserType(agent, endUser, 'agent')).toBe(true);
    expect(mayGiveUserType(agent, agent, 'admin')).toBe(false);
    expect(mayGiveUserType(endUser, endUser, 'agent')).toBe(false);
    expect(mayGiveUserType(agent, agent, 'agent')).toBe(true);
    expect(mayGiveUserType(admin, admin, 'agent')).toBe(true);
  });

  it('keeps permission fields of their own account out of a non-admin hands', () => {
    expect(maySelfChangePermissions(admin)).toBe(true);
    expect(maySelfChangePermissions(agent)).toBe(false);
  });
});
