import { shortcutOps, type TOpInput } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app.js';
import { buildAgent, defaultPassword, giveDefaultRole } from '../../../test/factories.js';
import { admin, api, setUpApp, t } from '../../../test/kit.js';

setUpApp();

const getS = (token: string, shortcut_id: number) => api(shortcutOps.get, { shortcut_id }, token);
const list = async (token: string, query: TOpInput<typeof shortcutOps.list> = {}) =>
  (await api(shortcutOps.list, query, token)).data;

/** A default agent: the seeded Agent role grants the shortcut screens and buttons. */
async function agent() {
  const a = await buildAgent(t.database.db);
  await giveDefaultRole(t.database.db, a.accountId);
  return { account: a, token: await signIn(t.app, a.email, defaultPassword) };
}

describe('shortcuts', () => {
  it('refuses a title the owner sees already, whatever its case and surrounding spaces, on add and edit', async () => {
    const taken = 'A shortcut of this name already exists';
    const me = await agent();
    const other = await agent();
    const add = (token: string, title: string, allow_type: 'me' | 'all' = 'me') =>
      api(shortcutOps.add, { title, allow_type }, token);
    expect((await add(me.token, 'Hi')).code).toBe('0000');
    for (const title of ['Hi', ' hi ', 'HI']) {
      const res = await add(me.token, title);
      expect([res.code, res.msg, res.fields], title).toEqual(['FFFF', taken, { title: taken }]);
    }
    expect((await api(shortcutOps.add, { title: 'hi' }, me.token, { lang: 'zh-cn' })).msg).toBe('已有同名快捷回复');
    // Another agent's own "hi" is theirs: they do not see mine. A shared one is everyone's.
    expect((await add(other.token, 'hi')).code).toBe('0000');
    expect((await add(other.token, 'Thanks', 'all')).code).toBe('0000');
    expect((await add(me.token, 'thanks ')).fields).toEqual({ title: taken });
    const bye = await add(me.token, 'Bye');
    const renamed = await api(shortcutOps.edit, { shortcut_id: bye.data.shortcut_id, title: 'hi' }, me.token);
    expect([renamed.code, renamed.fields]).toEqual(['FFFF', { title: taken }]);
    expect((await list(me.token, { kw: 'hi' })).list.map((s) => s.title)).toEqual(['Hi']);
    // Its own title in another case is no clash.
    expect((await api(shortcutOps.edit, { shortcut_id: bye.data.shortcut_id, title: 'BYE' }, me.token)).code).toBe(
      '0000',
    );
  });

  it('requires a name, and stores message, tags and choices', async () => {
    const me = await agent();
    expect((await api(shortcutOps.add, { title: '' }, me.token)).msg).toBe('Name is required');
    const res = await api(
      shortcutOps.add,
      {
        title: 'Greeting',
        message: 'Hello, how can I help?',
        tag_ids: [],
        choice_list: ['Order', 'Refund'],
      },
      me.token,
    );
    expect(res.code).toBe('0000');
    expect((await getS(me.token, res.data.shortcut_id)).data).toMatchObject({
      title: 'Greeting',
      allow_type: 'me',
      tag_ids: [],
      choice_list: ['Order', 'Refund'],
      creator_id: me.account.accountId,
    });
    expect((await api(shortcutOps.add, { title: 'x', tag_ids: ['a'] }, me.token)).code).toBe('FFFF');
    // Tags are names, not ids: an id names no tag and is refused, where it used to be stored as sent.
    const unknown = await api(shortcutOps.add, { title: 'x', tag_ids: [3, 5] }, me.token);
    expect(unknown.code).toBe('FFFF');
    expect(unknown.data).toEqual({ fields: { tag_ids: 'No record has this id' } });
  });

  it("shows a 'me' shortcut to its creator only; 'all' to every agent", async () => {
    const owner = await agent();
    const other = await agent();
    const tag = `Sc${Date.now()}`;
    const mine = await api(
      shortcutOps.add,
      {
        title: `${tag} mine`,
        allow_type: 'me',
      },
      owner.token,
    );
    const shared = await api(
      shortcutOps.add,
      {
        title: `${tag} shared`,
        allow_type: 'all',
      },
      owner.token,
    );
    expect((await list(owner.token, { kw: tag })).total).toBe(2);
    const seen = await list(other.token, { kw: tag });
    expect(seen.list.map((s) => s.shortcut_id)).toEqual([shared.data.shortcut_id]);
    expect((await getS(other.token, mine.data.shortcut_id)).code).toBe('0404');
    expect((await getS(other.token, shared.data.shortcut_id)).code).toBe('0000');
    // Someone else's private shortcut cannot be edited or deleted (it does not exist for them).
    expect(
      (await api(shortcutOps.edit, { shortcut_id: mine.data.shortcut_id, title: 'stolen' }, other.token)).code,
    ).toBe('0404');
    const del = await api(
      shortcutOps.delete,
      {
        shortcut_ids: [shared.data.shortcut_id, mine.data.shortcut_id],
      },
      other.token,
    );
    expect(del.code).toBe('0404');
    expect((await list(owner.token, { kw: tag })).total).toBe(2);
    // A shared one any agent with the node may edit.
    expect(
      (
        await api(
          shortcutOps.edit,
          {
            shortcut_id: shared.data.shortcut_id,
            title: `${tag} shared v2`,
            allow_type: 'all',
          },
          other.token,
        )
      ).code,
    ).toBe('0000');
  });

  it('lets an admin edit and delete a private shortcut of someone else', async () => {
    const owner = await agent();
    const mine = await api(
      shortcutOps.add,
      {
        title: 'Private',
        allow_type: 'me',
      },
      owner.token,
    );
    expect((await getS(admin, mine.data.shortcut_id)).code).toBe('0000');
    expect((await api(shortcutOps.edit, { shortcut_id: mine.data.shortcut_id, title: 'Tidied' })).code).toBe('0000');
    expect((await api(shortcutOps.delete, { shortcut_ids: [mine.data.shortcut_id] })).code).toBe('0000');
    expect((await getS(owner.token, mine.data.shortcut_id)).code).toBe('0404');
  });
});
