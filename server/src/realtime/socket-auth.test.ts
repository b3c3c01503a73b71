import { accountOps, authOps, chatOps, chatSettingOps, chatWidgetOps } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../test/app.js';
import { admin, api, closeClients, connect, setUpChatApp, t } from '../../test/chat-app.js';
import { type Client, chatAgent, eventually, redisAnswers, sleep, startChat } from '../../test/chat-kit.js';
import { defaultPassword } from '../../test/factories.js';

const hasRedis = await redisAnswers();

/** A connected staff socket and why the server let it go, once it did. */
async function staffSocket(token: string) {
  const c = await connect({ token });
  const seen: { reason: string | null } = { reason: null };
  c.socket.on('disconnect', (reason) => {
    seen.reason = reason;
  });
  return { c, seen };
}

/** The server cut the socket (not the client, not a dropped network). */
async function cutByServer(s: { c: Client; seen: { reason: string | null } }, what: string) {
  await eventually(what, () => !s.c.socket.connected);
  expect(s.seen.reason).toBe('io server disconnect');
}

const newChatsHeard = (c: Client) => c.system.filter((m) => m.type === 'new_chat_tickets');

/**
 * A staff socket lives as long as its token works (docs: auth.logout "the token stops working",
 * auth.password.edit "every token of the account stops working"): the server cuts it when the
 * token stops, and presence, routing and auto-assign stop counting it.
 */
describe.skipIf(!hasRedis)('a staff socket ends with its token', () => {
  setUpChatApp();

  it('cuts the signed-out session’s socket, keeps the same agent’s other session, and offers it no new chat', async () => {
    closeClients();
    const agent = await chatAgent(t);
    const otherToken = await signIn(t.app, agent.email, defaultPassword);
    const signedOut = await staffSocket(agent.token);
    const stays = await staffSocket(otherToken);

    expect((await api(authOps.logout, {}, agent.token)).code).toBe('0000');
    await cutByServer(signedOut, 'the signed-out socket cut');

    const chat = await startChat(t);
    await eventually('the chat offered to the session still signed in', () =>
      newChatsHeard(stays.c).find((m) => m.ticket_ids.includes(chat.ticket_id)),
    );
    await sleep(800);
    expect(newChatsHeard(signedOut.c)).toEqual([]);
    expect(stays.c.socket.connected).toBe(true);
    // Its events still answer: the other token works.
    expect((await stays.c.ask('join_chat', { ticket_id: chat.ticket_id })).code).toBe('0000');
  });

  it('does not auto-assign a chat to an agent who signed out', async () => {
    const saved = await api(chatSettingOps.get, {}, admin);
    expect((await api(chatSettingOps.edit, { ...saved.data, auto_assign: true }, admin)).code).toBe('0000');
    try {
      closeClients();
      const agent = await chatAgent(t);
      const s = await staffSocket(agent.token);
      expect((await api(chatWidgetOps.widgetGet, {})).data.online).toBe(true);
      expect((await api(authOps.logout, {}, agent.token)).code).toBe('0000');
      // Nobody is online for the widget any more, at once (the answer to the sign-out came after the cut).
      expect((await api(chatWidgetOps.widgetGet, {})).data.online).toBe(false);

      const chat = await startChat(t);
      await sleep(500);
      const got = await api(chatOps.get, { ticket_id: String(chat.ticket_id) }, admin);
      expect(got.data.accepted_by).toBeNull();
      expect(newChatsHeard(s.c)).toEqual([]);
      await cutByServer(s, 'the signed-out socket cut');
    } finally {
      await api(chatSettingOps.edit, saved.data, admin);
    }
  });

  it('cuts every socket of an agent who changes their password', async () => {
    const agent = await chatAgent(t);
    const first = await staffSocket(agent.token);
    const second = await staffSocket(await signIn(t.app, agent.email, defaultPassword));
    const edit = await api(
      authOps.passwordEdit,
      { old_pass: defaultPassword, new_pass: 'brand-new-pass-7' },
      agent.token,
    );
    expect(edit.code).toBe('0000');
    await cutByServer(first, 'the socket of the session that changed it cut');
    await cutByServer(second, 'the other session’s socket cut');
  });

  it('cuts every socket of an agent whose password an admin sets, or whom an admin suspends', async () => {
    const reset = await chatAgent(t);
    const resetSocket = await staffSocket(reset.token);
    const suspended = await chatAgent(t);
    const suspendedSocket = await staffSocket(suspended.token);
    const untouched = await chatAgent(t);
    const untouchedSocket = await staffSocket(untouched.token);

    // An edit that leaves the sessions alone leaves the socket alone.
    expect((await api(accountOps.edit, { account_id: untouched.accountId, real_name: 'Renamed' }, admin)).code).toBe(
      '0000',
    );
    expect((await api(accountOps.edit, { account_id: reset.accountId, password: 'reset-pass-42' }, admin)).code).toBe(
      '0000',
    );
    await cutByServer(resetSocket, 'the socket of the agent whose password was set cut');
    const suspend = await api(
      accountOps.accessStateEdit,
      { account_id: suspended.accountId, access_state: 'suspended' },
      admin,
    );
    expect(suspend.code).toBe('0000');
    await cutByServer(suspendedSocket, 'the suspended agent’s socket cut');

    await sleep(500);
    expect(untouchedSocket.c.socket.connected).toBe(true);
    // A suspended agent's socket is refused from the start too.
    const again = await connect({ token: suspended.token }).catch((e: unknown) => e as { data?: { code: string } });
    expect((again as { data?: { code: string } }).data?.code).toBe('0401');
  });
});
