import { authOps, groupOps } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app.js';
import { buildAgent, buildEndUser, defaultPassword } from '../../../test/factories.js';
import { api, setUpApp, t } from '../../../test/kit.js';
import { agentGroup } from '../../db/schema/index.js';

setUpApp();

const getGroup = async (group_id: number) => {
  const res = await api(groupOps.get, { group_id });
  return res.code === '0000' ? res.data : null;
};
const defaults = async () =>
  (await t.database.db.select().from(agentGroup).where(eq(agentGroup.isDefault, true))).map((g) => g.groupId);

describe('auth.group.add / edit', () => {
  it('requires a name with the spec message and writes nothing', async () => {
    const before = (await t.database.db.select().from(agentGroup)).length;
    const res = await api(groupOps.add, { group_name: ' ', remark: 'x' });
    expect([res.code, res.msg]).toEqual(['FFFF', 'Group name is required']);
    expect(res.fields.group_name).toBe('Group name is required');
    expect((await t.database.db.select().from(agentGroup)).length).toBe(before);
  });

  it('refuses a name another group has, whatever its case and surrounding spaces, on add and edit', async () => {
    const taken = 'A group of this name already exists';
    for (const name of ['Support', ' support ', 'SUPPORT']) {
      const res = await api(groupOps.add, { group_name: name, account_ids: [] });
      expect([res.code, res.msg, res.fields], name).toEqual(['FFFF', taken, { group_name: taken }]);
    }
    expect(
      (await api(groupOps.add, { group_name: 'support', account_ids: [] }, undefined, { lang: 'zh-cn' })).msg,
    ).toBe('已有同名组');
    const other = await api(groupOps.add, { group_name: `Billing ${Date.now()}`, account_ids: [] });
    const renamed = await api(groupOps.edit, { group_id: other.data.group_id, group_name: 'support ' });
    expect([renamed.code, renamed.fields]).toEqual(['FFFF', { group_name: taken }]);
    expect(
      (await t.database.db.select().from(agentGroup)).filter((g) => g.groupName.toLowerCase() === 'support'),
    ).toHaveLength(1);
    // Its own name, in another case, is no clash.
    const own = await getGroup(other.data.group_id);
    const upper = own?.group_name.toUpperCase() as string;
    expect((await api(groupOps.edit, { group_id: other.data.group_id, group_name: upper })).code).toBe('0000');
    // Two groups that share a name from before stay editable, under that name; renamed, it is checked.
    const now = Date.now();
    const [twin] = await t.database.db
      .insert(agentGroup)
      .values({ groupName: 'support', createTs: now, updateTs: now })
      .returning();
    const twinId = twin?.groupId as number;
    expect((await api(groupOps.edit, { group_id: twinId, group_name: 'support', remark: 'kept' })).code).toBe('0000');
    expect((await api(groupOps.list, { kw: 'support' })).data.total).toBe(2);
    expect((await api(groupOps.edit, { group_id: twinId, group_name: upper })).fields).toEqual({ group_name: taken });
  });

  it('takes agents and admins as members, refuses end users and writes nothing', async () => {
    const agent = await buildAgent(t.database.db);
    const user = await buildEndUser(t.database.db);
    const name = `Mixed ${Date.now()}`;
    const bad = await api(groupOps.add, { group_name: name, account_ids: [agent.accountId, user.accountId] });
    expect([bad.code, bad.msg]).toEqual(['FFFF', 'Members must be agents or administrators']);
    expect(await t.database.db.select().from(agentGroup).where(eq(agentGroup.groupName, name))).toEqual([]);
    const ok = await api(groupOps.add, {
      group_name: name,
      remark: 'Tier 2',
      account_ids: [agent.accountId],
    });
    expect(ok.code).toBe('0000');
    expect(await getGroup(ok.data.group_id)).toMatchObject({
      group_name: name,
      remark: 'Tier 2',
      is_default: false,
      account_ids: [agent.accountId],
    });
  });

  it('keeps exactly one default group: a new default takes the mark, the default cannot drop it', async () => {
    const [oldDefault = 0] = await defaults();
    const added = await api(groupOps.add, { group_name: 'New default', is_default: true });
    expect(await defaults()).toEqual([added.data.group_id]);
    const drop = await api(groupOps.edit, {
      group_id: added.data.group_id,
      group_name: 'New default',
      is_default: false,
    });
    expect([drop.code, drop.msg]).toEqual([
      'FFFF',
      'There must be one default group: make another group the default instead',
    ]);
    const back = await api(groupOps.edit, { group_id: oldDefault, group_name: 'Support', is_default: true });
    expect(back.code).toBe('0000');
    expect(await defaults()).toEqual([oldDefault]);
  });

  it('several agents making different groups the default at once: each call succeeds, one default remains', async () => {
    const [before = 0] = await defaults();
    const made = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => api(groupOps.add, { group_name: `Race ${n}` })));
    const ids = made.map((r) => r.data.group_id);
    const answers = await Promise.all(
      ids.map((group_id, n) => api(groupOps.edit, { group_id, group_name: `Race ${n + 1}`, is_default: true })),
    );
    expect(answers.map((a) => a.code)).toEqual(ids.map(() => '0000'));
    const now = await defaults();
    expect(now).toHaveLength(1);
    expect(ids).toContain(now[0]);
    await api(groupOps.edit, { group_id: before, group_name: 'Support', is_default: true });
  });

  it('replaces members on edit, and a member sees the change at the next call', async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    await api(authOps.myInfoGet, {}, token);
    const g = await api(groupOps.add, { group_name: 'Members' });
    expect(
      (
        await api(groupOps.edit, {
          group_id: g.data.group_id,
          group_name: 'Members',
          account_ids: [agent.accountId],
        })
      ).code,
    ).toBe('0000');
    const info = await api(authOps.myInfoGet, {}, token);
    expect(info.data.group_ids).toContain(g.data.group_id);
    // Fields left out keep their value.
    await api(groupOps.edit, { group_id: g.data.group_id, group_name: 'Members renamed' });
    expect(await getGroup(g.data.group_id)).toMatchObject({
      group_name: 'Members renamed',
      account_ids: [agent.accountId],
    });
    expect((await api(groupOps.edit, { group_id: 99_999_999, group_name: 'x' })).code).toBe('0404');
  });
});

describe('auth.group.list / get', () => {
  it('lists the default first, filters by keyword, and answers 0404 for an unknown group', async () => {
    const tag = `Grp${Date.now()}`;
    await api(groupOps.add, { group_name: `${tag} one` });
    await api(groupOps.add, { group_name: `${tag} two` });
    const all = (await api(groupOps.list, {})).data;
    expect(all.list[0]?.is_default).toBe(true);
    const found = (await api(groupOps.list, { kw: tag })).data;
    expect(found.total).toBe(2);
    expect(await getGroup(99_999_999)).toBeNull();
  });

  it('lists numbered names in counting order: Team 2 before Team 10', async () => {
    const tag = `Team ${'abcdefghij'
      .split('')
      .sort(() => Math.random() - 0.5)
      .join('')}`;
    for (const n of [10, 2, 1]) {
      await api(groupOps.add, { group_name: `${tag} ${n}` });
    }
    await api(groupOps.add, { group_name: tag });
    const found = (await api(groupOps.list, { kw: tag })).data.list.map((g) => g.group_name);
    expect(found).toEqual([tag, `${tag} 1`, `${tag} 2`, `${tag} 10`]);
  });
});
