import type { TTicketSetting } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../http/app-error.js';
import type { Actor } from '../auth/actor.js';
import { ticketSettingDefaults } from '../setting/setting.service.js';
import {
  assignmentInput,
  type Change,
  type ChangeFacts,
  planChange,
  refuseLocked,
  scopeNeeded,
} from './ticket.change-plan.js';
import type { TicketRow } from './ticket.repo.js';

// planChange decides an update without the database: these cases need no app and no database.

const now = 1_800_000_000_000;
const agent = { account: { accountId: 7, userType: 'agent', replyAccess: 'public' }, sessionId: 1 } as unknown as Actor;
const settings: TTicketSetting = { ...ticketSettingDefaults, allow_score: false };

function row(overrides: Partial<TicketRow> = {}): TicketRow {
  return {
    ticketId: 40,
    subject: 'Printer on fire',
    ticketState: 'new',
    ticketType: 'question',
    priority: 'normal',
    source: 'web',
    requesterId: 9,
    submitterId: 9,
    assigneeId: null,
    groupId: null,
    companyId: null,
    tags: ['printer'],
    fields: {},
    formId: null,
    satisfaction: 'unoffered',
    satisfactionComment: '',
    satisfactionToken: null,
    createTs: now - 1000,
    updateTs: now - 1000,
    firstReplyTs: null,
    solvedTs: null,
    deletedTs: null,
    ...overrides,
  };
}

const facts = (r: TicketRow, extra: Partial<ChangeFacts> = {}): ChangeFacts => ({
  assignment: { assigneeId: r.assigneeId, groupId: r.groupId },
  members: null,
  scope: null,
  ...extra,
});

const plan = (r: TicketRow, change: Change, extra: Partial<ChangeFacts> = {}) =>
  planChange(agent, settings, r, change, facts(r, extra), now);

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as AppError).fields;
  }
  return null;
};

describe('planning a ticket update without the database', () => {
  it('sets the changed properties with one event each, in order, and remembers new tags', () => {
    const r = row();
    const p = plan(
      r,
      { priority: 'high', ticket_type: 'question', tags: ['printer', 'fire'] },
      {
        assignment: { assigneeId: 7, groupId: 2 },
      },
    );
    expect(p.set).toEqual({ assigneeId: 7, groupId: 2, priority: 'high', tags: ['printer', 'fire'] });
    expect(p.events).toEqual([
      { field: 'assignee_id', old: null, new: 7 },
      { field: 'group_id', old: null, new: 2 },
      { field: 'priority', old: 'normal', new: 'high' },
      { field: 'tags', old: ['printer'], new: ['printer', 'fire'] },
    ]);
    expect([p.tags, p.comment, p.search, p.members, p.fieldValues]).toEqual([
      ['printer', 'fire'],
      null,
      null,
      [],
      null,
    ]);
  });

  it('plans nothing for a change that changes nothing', () => {
    const r = row({ priority: 'high' });
    const p = plan(r, { priority: 'high', tags: ['printer'] });
    expect([p.events, p.set, p.comment, p.tags]).toEqual([[], {}, null, null]);
  });

  it("an agent's first public reply opens a new ticket, stamps the first reply and adds its words to the search", () => {
    const comment = { body: '<p>On my way</p>', isPublic: true, fileIds: [] };
    const p = plan(row(), { comment });
    expect(p.set).toEqual({ ticketState: 'open', solvedTs: null, satisfactionToken: null, firstReplyTs: now });
    expect(p.events).toEqual([{ field: 'ticket_state', old: 'new', new: 'open' }]);
    expect(p.comment).toBe(comment);
    expect(p.search).toEqual({ append: ['On my way'] });
  });

  it('an internal note changes no state and stamps no first reply', () => {
    const p = plan(row(), { comment: { body: '<p>checking</p>', isPublic: false, fileIds: [] } });
    expect([p.set, p.events, p.search]).toEqual([{}, [], { append: ['checking'] }]);
  });

  it('a new subject rebuilds the search words from it', () => {
    const p = plan(row(), { subject: 'Printer fixed' });
    expect(p.search).toEqual({ rebuild: 'Printer fixed', fieldWords: null });
    expect(p.events).toEqual([{ field: 'subject', old: 'Printer on fire', new: 'Printer fixed' }]);
  });

  it('solving stamps the time and, with scoring allowed, offers the survey once', () => {
    const scored = planChange(
      agent,
      { ...settings, allow_score: true },
      row({ ticketState: 'open' }),
      { submit_as: 'solved' },
      facts(row(), { scope: { defs: new Map(), form: null } }),
      now,
    );
    expect(scored.set.ticketState).toBe('solved');
    expect(scored.set.solvedTs).toBe(now);
    expect(scored.set.satisfactionToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(scored.events.map((e) => e.field)).toEqual(['ticket_state', 'satisfaction_offered']);
  });

  it('replaces the CCs and followers that change and refuses a blocked CC, naming the field', () => {
    const members = {
      current: { ccIds: [3], followerIds: [] },
      added: { cc_ids: [{ userType: 'user', email: 'a@example.com' }] },
    };
    const p = plan(row(), { cc_ids: [3, 4] }, { members });
    expect(p.members).toEqual([{ type: 'cc', ids: [3, 4] }]);
    expect(p.events).toEqual([{ field: 'cc_ids', old: [3], new: [3, 4] }]);
    const blocked = planChange.bind(null, agent, { ...settings, follow_and_ccs_blacklist: '@example.com' }, row(), {
      cc_ids: [3, 4],
    });
    expect(refusal(() => blocked(facts(row(), { members }), now))).toEqual({ cc_ids: 'cc_blacklisted' });
    const notStaff = {
      current: { ccIds: [], followerIds: [] },
      added: { follower_ids: [{ userType: 'user', email: 'b@example.org' }] },
    };
    expect(refusal(() => plan(row(), { follower_ids: [5] }, { members: notStaff }))).toEqual({
      follower_ids: 'followers_must_be_staff',
    });
  });

  it('refuses a closed or deleted ticket', () => {
    expect(refusal(() => refuseLocked(row({ ticketState: 'closed' })))).toEqual({ ticket_id: 'ticket_closed' });
    expect(refusal(() => refuseLocked(row({ deletedTs: now })))).toEqual({ ticket_id: 'ticket_deleted' });
    expect(refusal(() => refuseLocked(row({ ticketState: 'solved' })))).toBeNull();
  });

  it('auto-assign gives an unassigned ticket to the agent replying publicly, unless they name an assignee', () => {
    const reply = { comment: { body: 'x', isPublic: true, fileIds: [] } };
    const on = { ...settings, auto_assign: true };
    expect(assignmentInput(agent, on, row(), reply)).toEqual({ assignee_id: 7, group_id: undefined });
    expect(assignmentInput(agent, on, row(), { ...reply, assignee_id: null })).toEqual({
      assignee_id: null,
      group_id: undefined,
    });
    expect(assignmentInput(agent, on, row({ assigneeId: 8 }), reply).assignee_id).toBeUndefined();
    expect(assignmentInput(agent, settings, row(), reply).assignee_id).toBeUndefined();
  });

  it('reads the form fields only when fields or the form change, or the ticket may become solved', () => {
    expect(scopeNeeded(row(), { priority: 'low' })).toBeNull();
    expect(scopeNeeded(row({ formId: 3 }), { submit_as: 'solved' })).toEqual({ formId: 3 });
    expect(scopeNeeded(row({ formId: 3, ticketState: 'solved' }), { submit_as: 'closed' })).toBeNull();
    expect(scopeNeeded(row({ formId: 3 }), { form_id: 4 })).toEqual({ formId: 4 });
    expect(scopeNeeded(row({ formId: 3 }), { fields: { field_1: 'x' } })).toEqual({ formId: 3 });
    // A new subject rebuilds the search words: those of the ticket's values are read again.
    expect(scopeNeeded(row({ formId: 3, fields: { field_1: 'x' } }), { subject: 'New' })).toEqual({ formId: 3 });
    expect(scopeNeeded(row({ formId: 3 }), { subject: 'New' })).toBeNull();
    expect(scopeNeeded(row({ fields: { field_1: 'x' } }), { subject: 'Printer on fire' })).toBeNull();
  });
});
