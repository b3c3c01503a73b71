import { todoOpenMax, todoOps } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app.js';
import { buildAgent, buildGroup, buildTicket, defaultPassword, giveDefaultRole } from '../../../test/factories.js';
import { api, setUpApp, t } from '../../../test/kit.js';

setUpApp();

const list = async (token: string, include_done = false) => (await api(todoOps.list, { include_done }, token)).data;

async function agent(overrides: Parameters<typeof buildAgent>[1] = {}) {
  const a = await buildAgent(t.database.db, overrides);
  await giveDefaultRole(t.database.db, a.accountId);
  return { account: a, token: await signIn(t.app, a.email, defaultPassword) };
}

describe('todo list', () => {
  it('keeps each agent’s items to themselves, oldest open first', async () => {
    const me = await agent();
    const other = await agent();
    expect((await api(todoOps.add, { text: '' }, me.token)).msg).toBe('What to do is required');
    const first = await api(todoOps.add, { text: 'Call the printer vendor' }, me.token);
    await api(todoOps.add, { text: 'Update the FAQ' }, me.token);
    expect(first.code).toBe('0000');
    const mine = await list(me.token);
    expect(mine.list.map((x) => x.text)).toEqual(['Call the printer vendor', 'Update the FAQ']);
    expect(mine.open_count).toBe(2);
    expect((await list(other.token)).list).toEqual([]);
    // Another agent can neither change nor delete it: to them it does not exist.
    expect((await api(todoOps.edit, { todo_id: first.data.todo_id, done: true }, other.token)).code).toBe('0404');
    expect((await api(todoOps.delete, { todo_ids: [first.data.todo_id] }, other.token)).code).toBe('FFFF');
    expect((await list(me.token)).open_count).toBe(2);
  });

  it('ticks items done and back, shows done ones only when asked, and deletes all or nothing', async () => {
    const me = await agent();
    const a = await api(todoOps.add, { text: 'A' }, me.token);
    const b = await api(todoOps.add, { text: 'B' }, me.token);
    expect((await api(todoOps.edit, { todo_id: a.data.todo_id, done: true }, me.token)).code).toBe('0000');
    expect((await list(me.token)).list.map((x) => x.text)).toEqual(['B']);
    const all = await list(me.token, true);
    expect(all.list.map((x) => [x.text, x.done])).toEqual([
      ['B', false],
      ['A', true],
    ]);
    expect(all.list[1]?.done_ts).toBeGreaterThan(0);
    await api(todoOps.edit, { todo_id: a.data.todo_id, done: false, text: 'A again' }, me.token);
    expect((await list(me.token)).list.map((x) => x.text)).toEqual(['A again', 'B']);
    // One unknown id refuses the whole delete.
    expect((await api(todoOps.delete, { todo_ids: [a.data.todo_id, 99_999_999] }, me.token)).code).toBe('FFFF');
    expect((await list(me.token)).open_count).toBe(2);
    expect((await api(todoOps.delete, { todo_ids: [a.data.todo_id, b.data.todo_id] }, me.token)).code).toBe('0000');
    expect((await list(me.token, true)).list).toEqual([]);
  });

  it('ties an item to a ticket the agent may see, and hides the subject once they may not', async () => {
    const me = await agent({ ticketAccess: 'groups' });
    const groupId = await buildGroup(t.database.db, [me.account.accountId]);
    const token = await signIn(t.app, me.account.email, defaultPassword);
    const visible = await buildTicket(t.database.db, { subject: 'Printer on fire', groupId });
    const hidden = await buildTicket(t.database.db, { subject: 'Secret', groupId: null });
    const refused = await api(todoOps.add, { text: 'Peek', ticket_id: hidden.ticketId }, token);
    expect(refused.code).toBe('FFFF');
    expect(refused.data).toEqual({ fields: { ticket_id: 'No record has this id' } });
    const added = await api(todoOps.add, { text: 'Follow up', ticket_id: visible.ticketId }, token);
    expect(added.code).toBe('0000');
    expect((await list(token)).list[0]).toMatchObject({
      ticket_id: visible.ticketId,
      ticket_subject: 'Printer on fire',
    });
    // The ticket moves to a group the agent is not in: the item stays, the subject goes.
    await t.database.db.execute(`UPDATE ticket SET group_id = NULL WHERE ticket_id = ${visible.ticketId}`);
    expect((await list(token)).list[0]).toMatchObject({ ticket_id: visible.ticketId, ticket_subject: null });
  });

  it(`holds at most ${todoOpenMax} open items`, async () => {
    const me = await agent();
    const now = Date.now();
    await t.database.db.execute(
      `INSERT INTO todo (account_id, text, create_ts) SELECT ${me.account.accountId}, 'item ' || i, ${now} FROM generate_series(1, ${todoOpenMax}) i`,
    );
    const full = await api(todoOps.add, { text: 'One more' }, me.token);
    expect(full.code).toBe('FFFF');
    expect(full.msg).toContain('200 open items');
  });
});
