import { describe, expect, it } from 'vitest';
import { maySeeShortcut } from './shortcut.policy.js';

describe('maySeeShortcut', () => {
  const creator = { accountId: 1, userType: 'agent' };
  const other = { accountId: 2, userType: 'agent' };
  const admin = { accountId: 3, userType: 'admin' };
  it('shows a private shortcut to its creator and to admins only, a shared one to all', () => {
    const mine = { allowType: 'me', creatorId: 1 };
    expect(maySeeShortcut(creator, mine)).toBe(true);
    expect(maySeeShortcut(other, mine)).toBe(false);
    expect(maySeeShortcut(admin, mine)).toBe(true);
    expect(maySeeShortcut(other, { allowType: 'all', creatorId: 1 })).toBe(true);
    expect(maySeeShortcut(other, { allowType: 'me', creatorId: null })).toBe(false);
  });
});
