import { settingOps, tagOps, ticketOps } from '@parley/contracts';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTicket } from '../../../test/factories.js';
import { admin, api, apiUntyped, setUpApp, t } from '../../../test/kit.js';
import { ticket, ticketEvent } from '../../db/schema/index.js';
import { ticketSettingDefaults } from '../setting/setting.service.js';
import { retagTickets } from './tag.repo.js';

setUpApp();

const db = () => t.database.db;
const list = async (kw: string) => (await api(tagOps.list, { kw })).data;
const tagsOf = async (ids: number[]) => {
  const rows = await db()
    .select({ id: ticket.ticketId, tags: ticket.tags })
    .from(ticket)
    .where(inArray(ticket.ticketId, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.tags);
};
const unique = () => `t${Math.random().toString(36).slice(2, 9)}`;

describe('tags', () => {
  it('requires a name, adds a tag once, and lists tags with their number of live tickets', async () => {
    const noName = await api(tagOps.add, { tag_name: '  ' });
    expect([noName.code, noName.msg, noName.data]).toEqual([
      'FFFF',
      'Tag name is required',
      { fields: { tag_name: 'Tag name is required' } },
    ]);
    expect((await apiUntyped(tagOps.add, {}, admin, { lang: 'zh-cn' })).msg).toBe('请输入标签名称');
    expect((await api(tagOps.add, { tag_name: 'two words' })).code).toBe('FFFF');
    const name = unique();
    expect((await api(tagOps.add, { tag_name: `  ${name.toUpperCase()} ` })).code).toBe('0000');
    const again = await api(tagOps.add, { tag_name: name });
    expect([again.code, again.msg]).toEqual(['FFFF', 'This tag already exists; merge the two tags instead']);
    const [a, b] = [await buildTicket(db(), { tags: [`${name}x`] }), await buildTicket(db(), { tags: [`${name}x`] })];
    await buildTicket(db(), { tags: [`${name}x`] }).then((c) =>
      db().update(ticket).set({ deletedTs: Date.now() }).where(eq(ticket.ticketId, c.ticketId)),
    );
    const found = await list(name);
    expect(found.enable_tag).toBe(true);
    expect(found.list.map((x) => [x.tag_name, x.ticket_count, x.count_estimated])).toEqual([
      [name, 0, false],
      [`${name}x`, 2, false],
    ]);
    expect(a.ticketId).not.toBe(b.ticketId);
  });

  it('renames a tag on every ticket, with an event on each, and refuses a name in use', async () => {
    const [old, renamed, other] = [unique(), unique(), unique()];
    const one = await buildTicket(db(), { tags: ['first', old, 'last'] });
    const two = await buildTicket(db(), { tags: [old] });
    const untouched = await buildTicket(db(), { tags: [other] });
    const res = await api(tagOps.edit, { tag_name: old, new_name: renamed });
    expect([res.code, res.msg, res.data]).toEqual(['0000', 'Successfully saved', { ticket_count: 2 }]);
    expect(await tagsOf([one.ticketId, two.ticketId, untouched.ticketId])).toEqual([
      ['first', renamed, 'last'],
      [renamed],
      [other],
    ]);
    expect((await list(old)).list.map((x) => x.tag_name)).not.toContain(old);
    expect((await list(renamed)).list[0]).toMatchObject({ tag_name: renamed, ticket_count: 2 });
    const events = await api(ticketOps.events, { ticket_id: String(one.ticketId) });
    expect(events.data.list.filter((e) => e.field === 'tags').at(-1)).toMatchObject({
      old_value: ['first', old, 'last'],
      new_value: ['first', renamed, 'last'],
    });
    const taken = await api(tagOps.edit, { tag_name: renamed, new_name: other });
    expect([taken.code, taken.data]).toEqual([
      'FFFF',
      { fields: { new_name: 'This tag already exists; merge the two tags instead' } },
    ]);
    expect((await api(tagOps.edit, { tag_name: unique(), new_name: unique() })).code).toBe('0404');
    expect((await api(tagOps.edit, { tag_name: renamed, new_name: '' })).msg).toBe('Tag name is required');
    // The ticket page reads the new name.
    const page = await api(ticketOps.get, { ticket_id: String(two.ticketId) });
    expect(page.data.tags).toEqual([renamed]);
  });

  it('keeps a rename when an agent saves a form drawn before it, whose tags still name the old tag', async () => {
    const [old, renamed] = [unique(), unique()];
    const made = await buildTicket(db(), { tags: ['keep', old] });
    const drawn = (await api(ticketOps.get, { ticket_id: String(made.ticketId) })).data;
    expect((await api(tagOps.edit, { tag_name: old, new_name: renamed })).code).toBe('0000');
    // The agent changes the priority; the form sends the tags as it showed them.
    const saved = await api(ticketOps.edit, {
      ticket_id: made.ticketId,
      base_update_ts: drawn.update_ts,
      tags: drawn.tags,
      priority: 'high',
    });
    expect(saved.code).toBe('0000');
    expect([saved.data.tags, saved.data.priority]).toEqual([['keep', renamed], 'high']);
    expect((await list(old)).list.map((x) => x.tag_name)).not.toContain(old);
  });

  it('lets an agent remove a renamed tag, from a form drawn after the rename or before it', async () => {
    const [old, renamed, old2, renamed2] = [unique(), unique(), unique(), unique()];
    const made = await buildTicket(db(), { tags: ['keep', old, old2] });
    const before = (await api(ticketOps.get, { ticket_id: String(made.ticketId) })).data;
    expect((await api(tagOps.edit, { tag_name: old, new_name: renamed })).code).toBe('0000');
    // Drawn after the rename: the form shows the new name and the agent takes it off.
    const after = (await api(ticketOps.get, { ticket_id: String(made.ticketId) })).data;
    expect(after.tags).toEqual(['keep', renamed, old2]);
    const removed = await api(ticketOps.edit, {
      ticket_id: made.ticketId,
      base_update_ts: after.update_ts,
      tags: ['keep', old2],
    });
    expect(removed.data.tags).toEqual(['keep', old2]);
    // Drawn before a rename: the agent takes off the tag by its old name; it stays off.
    const drawn = (await api(ticketOps.get, { ticket_id: String(made.ticketId) })).data;
    expect((await api(tagOps.edit, { tag_name: old2, new_name: renamed2 })).code).toBe('0000');
    const saved = await api(ticketOps.edit, {
      ticket_id: made.ticketId,
      base_update_ts: drawn.update_ts,
      tags: ['keep'],
    });
    expect(saved.data.tags).toEqual(['keep']);
    expect(before.tags).toEqual(['keep', old, old2]);
  });

  it('merges tags into another: a ticket carrying both keeps it once; must choose tags', async () => {
    const [a, b, into] = [unique(), unique(), unique()];
    const both = await buildTicket(db(), { tags: [a, into, b] });
    const onlyA = await buildTicket(db(), { tags: ['x', a] });
    await api(tagOps.add, { tag_name: into });
    const none = await api(tagOps.merge, { tag_names: [], into });
    expect([none.code, none.msg]).toEqual(['FFFF', 'Must choose tag(s)']);
    expect((await apiUntyped(tagOps.merge, { into }, admin, { lang: 'zh-cn' })).msg).toBe('请选择标签');
    expect((await api(tagOps.merge, { tag_names: [a], into: '' })).msg).toBe('Tag name is required');
    expect((await api(tagOps.merge, { tag_names: [a, into], into })).msg).toBe('A tag cannot be merged into itself');
    const res = await api(tagOps.merge, { tag_names: [a, b], into });
    expect([res.code, res.data]).toEqual(['0000', { ticket_count: 2 }]);
    expect(await tagsOf([both.ticketId, onlyA.ticketId])).toEqual([[into], ['x', into]]);
    expect((await list(a)).list.map((x) => x.tag_name)).not.toContain(a);
  });

  it('deletes tags from every ticket; must choose tags', async () => {
    const [gone, kept] = [unique(), unique()];
    const one = await buildTicket(db(), { tags: [kept, gone] });
    const none = await api(tagOps.delete, { tag_names: [] });
    expect([none.code, none.msg]).toEqual(['FFFF', 'Must choose tag(s)']);
    const res = await api(tagOps.delete, { tag_names: [gone] });
    expect([res.code, res.msg, res.data]).toEqual(['0000', 'Successfully deleted', { ticket_count: 1 }]);
    expect(await tagsOf([one.ticketId])).toEqual([[kept]]);
    expect((await api(tagOps.delete, { tag_names: [gone] })).code).toBe('0404');
  });

  it('changes nothing while tags are turned off in the ticket settings', async () => {
    const name = unique();
    const one = await buildTicket(db(), { tags: [name] });
    await api(settingOps.ticketEdit, { ...ticketSettingDefaults, enable_tag: false });
    try {
      expect((await list(name)).enable_tag).toBe(false);
      for (const [path, refused] of [
        [tagOps.add.path, () => api(tagOps.add, { tag_name: unique() })],
        [tagOps.edit.path, () => api(tagOps.edit, { tag_name: name, new_name: unique() })],
        [tagOps.merge.path, () => api(tagOps.merge, { tag_names: [name], into: unique() })],
        [tagOps.delete.path, () => api(tagOps.delete, { tag_names: [name] })],
      ] as const) {
        const res = await refused();
        expect([res.code, res.msg], path).toEqual(['FFFF', 'Tags are turned off in the ticket settings']);
      }
      expect(await tagsOf([one.ticketId])).toEqual([[name]]);
    } finally {
      await api(settingOps.ticketEdit, ticketSettingDefaults);
    }
  });

  it('retags in batches, all in the caller’s transaction', async () => {
    const [from, into] = [unique(), unique()];
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(await buildTicket(db(), { tags: [from] }));
    }
    const ids = made.map((m) => m.ticketId);
    const eventsBefore = await db().select().from(ticketEvent).where(inArray(ticketEvent.ticketId, ids));
    // Batches of 2: three statements; a failure after them undoes all of them.
    await expect(
      db().transaction(async (tx) => {
        expect(await retagTickets(tx, [from], into, 1, Date.now(), undefined, 2)).toBe(5);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await tagsOf(ids)).toEqual(ids.map(() => [from]));
    expect(await db().transaction((tx) => retagTickets(tx, [from], into, 1, Date.now(), undefined, 2))).toBe(5);
    expect(await tagsOf(ids)).toEqual(ids.map(() => [into]));
    const eventsAfter = await db().select().from(ticketEvent).where(inArray(ticketEvent.ticketId, ids));
    expect(eventsAfter.length - eventsBefore.length).toBe(5);
  });
});
