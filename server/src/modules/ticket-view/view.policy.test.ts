import { describe, expect, it } from 'vitest';
import { mayEditView, mayWorkFromView, shareOf } from './view.policy.js';

const agent = { accountId: 7, userType: 'agent', groupIds: [3] };
const admin = { accountId: 1, userType: 'admin', groupIds: [] };

describe('view policy', () => {
  it('names the share from the owner and the group', () => {
    expect(shareOf({ ownerId: null, groupId: null })).toBe('all');
    expect(shareOf({ ownerId: null, groupId: 3 })).toBe('group');
    expect(shareOf({ ownerId: 7, groupId: null })).toBe('me');
  });

  it('lists shared views, views of the caller’s groups and the caller’s own in the sidebar', () => {
    expect(mayWorkFromView(agent, { ownerId: null, groupId: null })).toBe(true);
    expect(mayWorkFromView(agent, { ownerId: null, groupId: 3 })).toBe(true);
    expect(mayWorkFromView(agent, { ownerId: null, groupId: 4 })).toBe(false);
    expect(mayWorkFromView(admin, { ownerId: null, groupId: 4 })).toBe(true);
    expect(mayWorkFromView(agent, { ownerId: 7, groupId: null })).toBe(true);
    expect(mayWorkFromView(admin, { ownerId: 7, groupId: null })).toBe(false);
  });

  it('lets the editor reach shared views and the caller’s own only', () => {
    expect(mayEditView(agent, { ownerId: null, groupId: 4 })).toBe(true);
    expect(mayEditView(admin, { ownerId: 7, groupId: null })).toBe(false);
    expect(mayEditView(agent, { ownerId: 7, groupId: null })).toBe(true);
  });
});
