import { describe, expect, it } from 'vitest';
import { mayApplyNote, mayEditNote, noteShareOf } from './note.policy.js';

const agent = { accountId: 7, userType: 'agent', groupIds: [3] };
const admin = { accountId: 1, userType: 'admin', groupIds: [] };

describe('note policy', () => {
  it('names the share', () => {
    expect([
      noteShareOf({ ownerId: null, groupId: null }),
      noteShareOf({ ownerId: null, groupId: 2 }),
      noteShareOf({ ownerId: 7, groupId: null }),
    ]).toEqual(['all', 'group', 'me']);
  });
  it('offers shared notes, the caller’s groups’ and the caller’s own', () => {
    expect(mayApplyNote(agent, { ownerId: null, groupId: 3 })).toBe(true);
    expect(mayApplyNote(agent, { ownerId: null, groupId: 4 })).toBe(false);
    expect(mayApplyNote(admin, { ownerId: null, groupId: 4 })).toBe(true);
    expect(mayApplyNote(admin, { ownerId: 7, groupId: null })).toBe(false);
    expect(mayEditNote(admin, { ownerId: 7, groupId: null })).toBe(false);
    expect(mayEditNote(agent, { ownerId: null, groupId: 4 })).toBe(true);
  });
});
