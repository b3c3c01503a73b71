import { todoOpenMax, ZTodoListResponse } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { call, signIn } from '../../../test/app.js';
import { buildAgent, buildGroup, buildTicket, defaultPassword, giveDefaultRole } from '../../../test/factories.js';
import { setUpApp, t } from '../../../test/kit.js';

setUpApp();

type Fields = { fields: Record<string, string> };
const post = <T = Fields>(token: string, path: string, body: unknown) =>
  call<T>(t.app, 'POST', `/api/admin/${path}`, { token, body });
const list = async (token: string, include_done = false) =>
  ZTodoListResponse.parse(
    (await call(t.app, 'GET', '/api/admin/todo.list', { token, query: { include_done: String(include_done) } })).data,
  );

async function agent(overrides: Parameters<typeof buildAgent>[1] = {}) {
  const a = await buildAgent(t.database.db, overrides);
  await giveDefaultRole(t.database.db, a.accountId);
  return { account: a, token: await signIn(t.app, a.email, defaultPassword) };
}

describe('todo list', () => {
  it('keeps each agent’s items to themselves, oldest open first', async () => {
    const me = await agent();
    const other = await agent();
    expect((await post(me.token, 'todo.add', { text: '' })).msg).toBe('What to do is required');
    const first = await post<{ todo_id: number }>(me.token, 'todo.add', { text: 'Call the printer vendor' });
    await post(me.token, 'todo.add', { text: 'Update the FAQ' });
    expect(first.code).toBe('0000');
    const mine = await list(me.token);
    expect(mine.list.map((x) => x.text)).toEqual(['Call the printer vendor', 'Update the FAQ']);
    expect(mine.open_count).toBe(2);
    expect((await list(other.token)).list).toEqual([]);
    // Another agent can neither change nor delete it: to them it does not exist.
    expect((await post(other.token, 'todo.edit', { todo_id: first.data.todo_id, done: true })).code).toBe('0404');
    expect((await post(other.token, 'todo.delete', { todo_ids: [first.data.todo_id] })).code).toBe('FFFF');
    expect((await list(me.token)).open_count).toBe(2);
  });

  it('ticks items done and back, shows done ones only when asked, and deletes all or nothing', async () => {
    const me = await agent();
    const a = await post<{ todo_id: number }>(me.token, 'todo.add', { text: 'A' });
    const b = await post<{ todo_id: number }>(me.token, 'todo.add', { text: 'B' });
    expect((await post(me.token, 'todo.edit', { todo_id: a.data.todo_id, done: true })).code).toBe('0000');
    expect((await list(me.token)).list.map((x) => x.text)).toEqual(['B']);
    const all = await list(me.token, true);
    expect(all.list.map((x) => [x.text, x.done])).toEqual([
      ['B', false],
      ['A', true],
    ]);
    expect(all.list[1]?.done_ts).toBeGreaterThan(0);
    await post(me.token, 'todo.edit', { todo_id: a.data.todo_id, done: false, text: 'A again' });
    expect((await list(me.token)).list.map((x) => x.text)).toEqual(['A again', 'B']);
    // One unknown id refuses the whole delete.
    expect((await post(me.token, 'todo.delete', { todo_ids: [a.data.todo_id, 99_999_999] })).code).toBe('FFFF');
    expect((await list(me.token)).open_count).toBe(2);
    expect((await post(me.token, 'todo.delete', { todo_ids: [a.data.todo_id, b.data.todo_id] })).code).toBe('0000');
    expect((await list(me.token, true)).list).toEqual([]);
  });

  it('ties an item to a ticket the agent may see, and hides the subject once they may not', async () => {
    const me = await agent({ ticketAccess: 'groups' });
    const groupId = await buildGroup(t.database.db, [me.account.accountId]);
    const token = await signIn(t.app, me.account.email, defaultPassword);
    const visible = await buildTicket(t.database.db, { subject: 'Printer on fire', groupId });
    const hidden = await buildTicket(t.database.db, { subject: 'Secret', groupId: null });
    const refused = await post(token, 'todo.add', { text: 'Peek', ticket_id: hidden.ticketId });
    expect(refused.code).toBe('FFFF');
    expect(refused.data).toEqual({ fields: { ticket_id: 'No record has this id' } });
    const added = await post(token, 'todo.add', { text: 'Follow up', ticket_id: visible.ticketId });
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
    const full = await post(me.token, 'todo.add', { text: 'One more' });
    expect(full.code).toBe('FFFF');
    expect(full.msg).toContain('200 open items');
  });
});
