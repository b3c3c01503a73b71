import { accountOps, fieldOps, noteOps, type TOpInput, ticketOps } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app.js';
import {
  buildAgent,
  buildEndUser,
  buildGroup,
  buildRole,
  buildTicket,
  defaultPassword,
  giveDefaultRole,
} from '../../../test/factories.js';
import { admin, api, apiUntyped, setUpApp, t } from '../../../test/kit.js';
import { groupAccount } from '../../db/schema/index.js';

setUpApp();

const db = () => t.database.db;
const preview = (token: string, note_id: number, ticket_id: number) =>
  api(noteOps.preview, { note_id, ticket_id }, token);

/** A default agent who may also edit notes. */
async function agent(overrides: Parameters<typeof buildAgent>[1] = {}) {
  const a = await buildAgent(db(), { ticketAccess: 'all', ...overrides });
  await giveDefaultRole(db(), a.accountId);
  await buildRole(db(), {
    accountIds: [a.accountId],
    nodes: [
      { type: 'menu', value: '/wswt/setting/note' },
      { type: 'menu', value: '/wswt/setting/note/edit' },
      { type: 'btn', value: 'note.add' },
      { type: 'btn', value: 'note.edit' },
      { type: 'btn', value: 'note.delete' },
    ],
  });
  return { account: a, token: await signIn(t.app, a.email, defaultPassword) };
}

async function addNote(token: string, body: TOpInput<typeof noteOps.add>) {
  const res = await api(noteOps.add, body, token);
  expect(res.code, JSON.stringify(res)).toBe('0000');
  return res.data.note_id;
}

describe('notes (macros)', () => {
  it('requires a name, checks the actions, and stores them', async () => {
    const noName = await api(noteOps.add, { title: '' }, admin);
    expect([noName.code, noName.msg, noName.data]).toEqual([
      'FFFF',
      'Note name is required',
      { fields: { title: 'Note name is required' } },
    ]);
    expect((await apiUntyped(noteOps.add, {}, admin, { lang: 'zh-cn' })).msg).toBe('请输入备注名称');
    for (const actions of [
      { priority: 'asap' },
      { submit_as: 'new' },
      { add_tags: ['two words'] },
      { comment: { body: '', is_public: true } },
      { assignee_id: 'someone' },
    ]) {
      expect((await apiUntyped(noteOps.add, { title: 'Bad', actions }, admin)).code, JSON.stringify(actions)).toBe(
        'FFFF',
      );
    }
    // A misspelt placeholder would reach the customer as written: refused, under the comment.
    const typo = await apiUntyped(
      noteOps.add,
      { title: 'Typo', actions: { comment: { body: 'Hi {{requester.nam}}, about {{ ticket.id }}', is_public: true } } },
      admin,
    );
    expect([typo.code, typo.msg]).toEqual(['FFFF', 'The comment holds a placeholder that is not in the list under it']);
    const spaced = await apiUntyped(
      noteOps.add,
      { title: 'Spaced', actions: { comment: { body: 'Hi {{ requester.name }}', is_public: true } } },
      admin,
    );
    expect(spaced.code).toBe('0000');
    const noteId = await addNote(admin, {
      title: 'Escalate',
      actions: { priority: 'urgent', assignee_id: 'current_user', add_tags: ['escalated'], remove_tags: ['waiting'] },
    });
    const got = await api(noteOps.get, { note_id: noteId }, admin);
    expect(got.data).toMatchObject({
      title: 'Escalate',
      share_type: 'all',
      usage_count: 0,
      actions: { priority: 'urgent', assignee_id: 'current_user', add_tags: ['escalated'], remove_tags: ['waiting'] },
    });
  });

  it('previews the changes with placeholders filled in, and saves nothing', async () => {
    const me = await agent({ realName: 'Ada Agent' });
    const requester = await buildEndUser(db(), { realName: 'Grace <Hopper>' });
    const ticket = await buildTicket(db(), {
      requesterId: requester.accountId,
      tags: ['waiting', 'printer'],
      priority: 'low',
    });
    const noteId = await addNote(me.token, {
      title: 'Take it',
      actions: {
        submit_as: 'pending',
        priority: 'high',
        assignee_id: 'current_user',
        add_tags: ['mine'],
        remove_tags: ['waiting'],
        comment: {
          body: 'Hello {{requester.name}},\n\nticket #{{ticket.id}} is with {{agent.name}}.',
          is_public: true,
        },
      },
    });
    const res = await preview(me.token, noteId, ticket.ticketId);
    expect(res.code).toBe('0000');
    expect(res.data.changes).toEqual({
      submit_as: 'pending',
      priority: 'high',
      assignee_id: me.account.accountId,
      tags: ['printer', 'mine'],
      comment: {
        body: `<p>Hello Grace &lt;Hopper&gt;,</p><p><br></p><p>ticket #${ticket.ticketId} is with Ada Agent.</p>`,
        is_public: true,
      },
    });
    const after = await api(ticketOps.get, { ticket_id: String(ticket.ticketId) }, me.token);
    expect([after.data.priority, after.data.tags, after.data.assignee_id]).toEqual([
      'low',
      ['waiting', 'printer'],
      null,
    ]);
    // An agent who writes internal notes only gets the text as a note.
    const internal = await agent({ replyAccess: 'internal' });
    expect((await preview(internal.token, noteId, ticket.ticketId)).data.changes.comment?.is_public).toBe(false);
  });

  it('counts a use when a ticket is submitted with the note, and records it in the history', async () => {
    const me = await agent();
    const ticket = await buildTicket(db(), { state: 'open' });
    const noteId = await addNote(me.token, { title: 'Prioritise', actions: { priority: 'urgent' } });
    const submitted = await api(
      ticketOps.edit,
      { ticket_id: ticket.ticketId, priority: 'urgent', note_id: noteId },
      me.token,
    );
    expect([submitted.code, submitted.data.priority]).toEqual(['0000', 'urgent']);
    const got = await api(noteOps.get, { note_id: noteId }, me.token);
    expect(got.data.usage_count).toBe(1);
    expect(got.data.last_used_ts).toBeGreaterThan(0);
    const events = await api(ticketOps.events, { ticket_id: String(ticket.ticketId) }, me.token);
    expect(events.data.list.find((e) => e.field === 'note')?.new_value).toEqual({
      note_id: noteId,
      title: 'Prioritise',
    });
    // Someone else's personal note cannot be counted: the submit is refused and changes nothing.
    const other = await agent();
    const mine = await addNote(other.token, { title: 'Private', share_type: 'me', actions: { priority: 'low' } });
    const refused = await api(ticketOps.edit, { ticket_id: ticket.ticketId, priority: 'low', note_id: mine }, me.token);
    expect([refused.code, refused.data]).toEqual(['FFFF', { fields: { note_id: 'No record has this id' } }]);
    const still = await api(ticketOps.get, { ticket_id: String(ticket.ticketId) }, me.token);
    expect(still.data.priority).toBe('urgent');
  });

  it('sets custom field values: checked as the ticket page checks them, previewed, and saved by the submit', async () => {
    const me = await agent();
    const addField = async (body: TOpInput<typeof fieldOps.add>) => {
      const res = await api(fieldOps.add, body, admin);
      expect(res.code, JSON.stringify(res)).toBe('0000');
      return `field_${res.data.field_id}`;
    };
    const area = await addField({
      field_type: 'nested',
      title: 'Area',
      options: [{ name: 'Hardware::Printer' }, { name: 'Software' }],
    });
    const count = await addField({ field_type: 'number', title: 'Copies' });
    const code = await addField({ field_type: 'regex', title: 'Order code', regex_pattern: '[A-Z]{2}-\\d{3}' });
    const picks = await addField({
      field_type: 'multiselect',
      title: 'Parts',
      options: [{ name: 'Tray' }, { name: 'Drum' }],
    });
    // Refused as ticket.edit refuses them, naming the field, in en and zh-cn; nothing stored.
    const bad: Array<[Record<string, string>, string, string]> = [
      [{ [area]: 'hardware' }, 'Area: invalid value', 'Area：值无效'],
      [{ [count]: 'three' }, 'Copies: invalid value', 'Copies：值无效'],
      [{ [code]: 'ab-1' }, 'Order code does not match the required format', 'Order code 不符合要求的格式'],
      [{ field_99999: 'x' }, 'No ticket field has this key', '没有该工单字段'],
    ];
    for (const [fields, en, zh] of bad) {
      const res = await api(noteOps.add, { title: 'Bad field', actions: { fields } }, me.token);
      expect([res.code, res.msg], JSON.stringify(fields)).toEqual(['FFFF', en]);
      expect(Object.keys(res.fields)).toEqual(Object.keys(fields));
      expect(
        (await api(noteOps.add, { title: 'Bad field', actions: { fields } }, me.token, { lang: 'zh-cn' })).msg,
      ).toBe(zh);
    }
    const named = await api(noteOps.list, { kw: 'Bad field' }, me.token);
    expect(named.data.total).toBe(0);
    // Stored as a ticket keeps them: a multi-select's options in their order.
    const noteId = await addNote(me.token, {
      title: 'Printer parts',
      actions: {
        fields: { [area]: 'hardware::printer', [count]: 3, [code]: 'AB-123', [picks]: ['drum', 'tray'] },
      },
    });
    const stored = (await api(noteOps.get, { note_id: noteId }, me.token)).data.actions.fields;
    expect(stored).toEqual({ [area]: 'hardware::printer', [count]: 3, [code]: 'AB-123', [picks]: ['tray', 'drum'] });
    const cleared = await addNote(me.token, { title: 'Forget copies', actions: { fields: { [count]: null } } });

    const ticket = await buildTicket(db());
    const seeded = await api(
      ticketOps.edit,
      { ticket_id: ticket.ticketId, fields: { [area]: 'software', [count]: 1 } },
      admin,
    );
    expect(seeded.code).toBe('0000');
    const previewed = await preview(me.token, noteId, ticket.ticketId);
    expect(previewed.data.changes.fields).toEqual(stored);
    expect((await preview(me.token, cleared, ticket.ticketId)).data.changes.fields).toEqual({ [count]: null });
    const before = await api(ticketOps.get, { ticket_id: String(ticket.ticketId) }, me.token);
    expect(before.data.fields).toEqual({ [area]: 'software', [count]: 1 });
    // The ticket page submits the previewed values with the note; ticket.edit saves and counts them.
    const submitted = await api(
      ticketOps.edit,
      {
        ticket_id: ticket.ticketId,
        fields: { ...before.data.fields, ...previewed.data.changes.fields } as TOpInput<
          typeof ticketOps.edit
        >['fields'],
        note_id: noteId,
      },
      me.token,
    );
    expect([submitted.code, submitted.data.fields]).toEqual(['0000', stored]);
    expect((await api(noteOps.get, { note_id: noteId }, me.token)).data.usage_count).toBe(1);

    // An option removed since the note was saved: the preview leaves that value out and keeps the rest.
    const areaId = Number(area.slice('field_'.length));
    const edited = await api(
      fieldOps.edit,
      {
        field_id: areaId,
        field_type: 'nested',
        title: 'Area',
        options: [{ name: 'Software' }],
      },
      admin,
    );
    expect(edited.code, JSON.stringify(edited)).toBe('0000');
    expect((await preview(me.token, noteId, ticket.ticketId)).data.changes.fields).toEqual({
      [count]: 3,
      [code]: 'AB-123',
      [picks]: ['tray', 'drum'],
    });
  });
  it('offers everyone’s notes, the agent’s groups’ and their own on the ticket page', async () => {
    const me = await agent();
    const other = await agent();
    const groupId = await buildGroup(db(), [me.account.accountId]);
    const stamp = Math.random().toString(36).slice(2, 8);
    const shared = await addNote(other.token, { title: `${stamp} shared` });
    const grouped = await addNote(other.token, { title: `${stamp} group`, share_type: 'group', group_id: groupId });
    const personal = await addNote(other.token, { title: `${stamp} personal`, share_type: 'me' });
    const offered = async (token: string) => (await api(noteOps.allList, {}, token)).data.list.map((n) => n.note_id);
    expect(await offered(me.token)).toEqual(expect.arrayContaining([shared, grouped]));
    expect(await offered(me.token)).not.toContain(personal);
    expect(await offered(other.token)).toEqual(expect.arrayContaining([shared, personal]));
    expect(await offered(other.token)).not.toContain(grouped);
    const ticket = await buildTicket(db());
    expect((await preview(me.token, personal, ticket.ticketId)).code).toBe('0404');
    expect((await preview(other.token, grouped, ticket.ticketId)).code).toBe('0404');
    // The settings list: shared ones and the caller's own; paged, searched by title.
    const listed = await api(noteOps.list, { kw: stamp }, me.token);
    expect(listed.data.list.map((n) => n.title)).toEqual([`${stamp} group`, `${stamp} shared`]);
    expect((await api(noteOps.get, { note_id: personal }, me.token)).code).toBe('0404');
  });

  it('refuses a group or assignee that does not exist or cannot be assigned; leaves out one gone since', async () => {
    const me = await agent();
    const helper = await buildAgent(db());
    const outsider = await buildAgent(db());
    const requester = await buildEndUser(db());
    const groupId = await buildGroup(db(), [helper.accountId]);
    // Refused under the action, in en and zh-cn; nothing stored.
    const bad: Array<[TOpInput<typeof noteOps.add>['actions'], string, string, string]> = [
      [{ group_id: 99999999 }, 'actions.group_id', 'No group has this id', '没有该组'],
      [
        { assignee_id: 99999999 },
        'actions.assignee_id',
        'Tickets can only be assigned to active agents or administrators',
        '工单只能分配给正常状态的客服或管理员',
      ],
      [
        { assignee_id: requester.accountId },
        'actions.assignee_id',
        'Tickets can only be assigned to active agents or administrators',
        '工单只能分配给正常状态的客服或管理员',
      ],
      [
        { group_id: groupId, assignee_id: outsider.accountId },
        'actions.assignee_id',
        'The assignee is not a member of this group',
        '受理人不是该组的成员',
      ],
    ];
    for (const [actions, field, en, zh] of bad) {
      const res = await api(noteOps.add, { title: 'Bad assignment', actions }, me.token);
      expect([res.code, res.msg, res.fields], JSON.stringify(actions)).toEqual(['FFFF', en, { [field]: en }]);
      const zhRes = await api(noteOps.add, { title: 'Bad assignment', actions }, me.token, { lang: 'zh-cn' });
      expect(zhRes.msg).toBe(zh);
    }
    expect((await api(noteOps.list, { kw: 'Bad assignment' }, me.token)).data.total).toBe(0);
    const noteId = await addNote(me.token, {
      title: 'To the helper',
      actions: { group_id: groupId, assignee_id: helper.accountId, priority: 'high' },
    });
    const ticket = await buildTicket(db());
    expect((await preview(me.token, noteId, ticket.ticketId)).data.changes).toEqual({
      priority: 'high',
      group_id: groupId,
      assignee_id: helper.accountId,
    });
    // The agent is deleted: the note still applies its group and priority, not a bare id;
    // saving it again unchanged is refused until another assignee is chosen.
    expect((await api(accountOps.delete, { account_id: helper.accountId })).code).toBe('0000');
    expect((await preview(me.token, noteId, ticket.ticketId)).data.changes).toEqual({
      priority: 'high',
      group_id: groupId,
    });
    const stale = (await api(noteOps.get, { note_id: noteId }, me.token)).data;
    const resaved = await api(noteOps.edit, { note_id: noteId, title: stale.title, actions: stale.actions }, me.token);
    expect([resaved.code, resaved.fields]).toEqual([
      'FFFF',
      { 'actions.assignee_id': 'Tickets can only be assigned to active agents or administrators' },
    ]);
    // A suspended agent is left out likewise.
    const suspended = await addNote(me.token, {
      title: 'To the outsider',
      actions: { assignee_id: outsider.accountId },
    });
    await api(accountOps.accessStateEdit, { account_id: outsider.accountId, access_state: 'suspended' });
    expect((await preview(me.token, suspended, ticket.ticketId)).data.changes).toEqual({});
  });

  it('leaves out an assignee who has left the note’s group, and "me" for an agent outside it', async () => {
    const me = await agent();
    const helper = await buildAgent(db());
    const groupId = await buildGroup(db(), [helper.accountId]);
    const toHelper = await addNote(me.token, {
      title: 'Tier 2 helper',
      actions: { group_id: groupId, assignee_id: helper.accountId },
    });
    const toMe = await addNote(me.token, {
      title: 'Tier 2 me',
      actions: { group_id: groupId, assignee_id: 'current_user' },
    });
    const ticket = await buildTicket(db(), { assigneeId: me.account.accountId });
    expect((await preview(me.token, toHelper, ticket.ticketId)).data.changes).toEqual({
      group_id: groupId,
      assignee_id: helper.accountId,
    });
    // The helper leaves the group; "me" was never in it.
    await db().delete(groupAccount).where(eq(groupAccount.groupId, groupId));
    for (const noteId of [toHelper, toMe]) {
      const { changes } = (await preview(me.token, noteId, ticket.ticketId)).data;
      expect(changes).toEqual({ group_id: groupId });
      // What the ticket page then submits goes through: the ticket waits in the group.
      const saved = await api(ticketOps.edit, { ticket_id: ticket.ticketId, ...changes }, me.token);
      expect(saved.code, JSON.stringify(saved)).toBe('0000');
      const after = (await api(ticketOps.get, { ticket_id: ticket.ticketId }, me.token)).data;
      expect([after.group_id, after.assignee_id]).toEqual([groupId, null]);
    }
  });

  it('edits and deletes notes; must choose notes', async () => {
    const me = await agent();
    const noteId = await addNote(me.token, { title: 'Old name' });
    expect((await api(noteOps.edit, { note_id: noteId, title: '' }, me.token)).msg).toBe('Note name is required');
    expect((await api(noteOps.edit, { note_id: noteId, title: 'New name' }, me.token)).code).toBe('0000');
    expect((await api(noteOps.get, { note_id: noteId }, me.token)).data.title).toBe('New name');
    const none = await api(noteOps.delete, { note_ids: [] }, me.token);
    expect([none.code, none.msg]).toEqual(['FFFF', 'Must choose note(s)']);
    expect((await apiUntyped(noteOps.delete, {}, me.token, { lang: 'zh-cn' })).msg).toBe('请选择备注');
    expect((await api(noteOps.delete, { note_ids: [noteId, 99999999] }, me.token)).code).toBe('0404');
    expect((await api(noteOps.delete, { note_ids: [noteId] }, me.token)).msg).toBe('Successfully deleted');
    expect((await api(noteOps.get, { note_id: noteId }, me.token)).code).toBe('0404');
  });
});
