import { randomBytes } from 'node:crypto';
import { accountOps, authOps, homeOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callOp, signIn } from '../../../test/app.js';
import { buildAgent, buildRole, defaultPassword } from '../../../test/factories.js';
import { api, db, t } from '../../../test/kit.js';
import { setUpMailTests } from '../../../test/mail-kit.js';
import { linkMailsTo, setPasswordByLink } from '../../../test/password-mail.js';
import { queryRows } from '../../db/rows.js';
import { hashToken } from '../auth/token.js';

const { customer, support } = setUpMailTests();

/** The token of the latest mail to `to` (it must have one). */
async function latestToken(to: string): Promise<string> {
  const mails = await linkMailsTo(to);
  const token = mails[mails.length - 1]?.token;
  expect(token, `a mail with a link to ${to}`).toBeTruthy();
  return token as string;
}

const invite = (email: string, extra: Record<string, unknown> = {}, token?: string) =>
  api(accountOps.add, { email, real_name: 'Nina New', user_type: 'agent', invite: true, ...extra }, token);

const setPassword = setPasswordByLink;

describe('inviting an agent by mail', () => {
  it('mails the invited agent a link from the support address; they set a password through it and sign in with it', async () => {
    const email = customer('nina');
    const added = await invite(email);
    expect(added.code).toBe('0000');
    const [mail, ...more] = await linkMailsTo(email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('You are invited to Parley');
    expect(mail?.from).toContain(support);
    expect(mail?.text).toContain('Nina New');
    expect(mail?.text).toContain('7 days');
    const token = mail?.token as string;
    expect(token).toBeTruthy();
    // Only the token's hash is kept.
    const stored = (token_hash: string) =>
      queryRows(db(), sql`SELECT link_id FROM password_link WHERE token_hash = ${token_hash}`);
    expect(await stored(token)).toEqual([]);
    expect(await stored(hashToken(token))).toHaveLength(1);

    const page = await callOp(t.app, homeOps.passwordLinkGet, { token });
    expect(page.data).toEqual({ email: email.toLowerCase(), real_name: 'Nina New', purpose: 'invite' });
    const notAllowed = await setPassword(token, email);
    expect(notAllowed.code).toBe('FFFF');
    expect(notAllowed.fields).toEqual({ password: 'Password is not allowed' });
    const short = await setPassword(token, 'nina');
    expect([short.code, short.msg, short.fields]).toEqual([
      'FFFF',
      'Password is not allowed',
      { password: 'Password is not allowed' },
    ]);
    const set = await setPassword(token, 'nina-chose-this');
    expect(set).toMatchObject({ code: '0000', msg: 'Your password is set: sign in with it' });
    expect(set.data).toEqual({ email: email.toLowerCase() });
    const session = await signIn(t.app, email, 'nina-chose-this');
    expect((await api(authOps.myInfoGet, {}, session)).data.email).toBe(email.toLowerCase());

    // The link worked once.
    const again = await setPassword(token, 'someone-else-1');
    expect(again.code).toBe('FFFF');
    expect(again.msg).toMatch(/already used/);
    expect(again.fields).toEqual({ token: again.msg });
    expect((await callOp(t.app, homeOps.passwordLinkGet, { token })).msg).toMatch(/already used/);
    await signIn(t.app, email, 'nina-chose-this');
  });

  it("speaks the agent's language: a zh-cn agent's invitation is in Chinese", async () => {
    const email = customer('li');
    expect((await invite(email, { real_name: '李雷', default_language: 'zh-cn' })).code).toBe('0000');
    const [mail] = await linkMailsTo(email);
    expect(mail?.subject).toBe('邀请您加入 Parley');
    expect(mail?.text).toContain('李雷，您好');
    expect(mail?.text).toContain('7 天内有效');
  });

  it('refuses an expired link with a way forward, a forged one, and a malformed one under its field', async () => {
    const email = customer('late');
    expect((await invite(email)).code).toBe('0000');
    const token = await latestToken(email);
    await db().execute(
      sql`UPDATE password_link SET expires_ts = ${Date.now() - 1} FROM account a
          WHERE a.account_id = password_link.account_id AND a.email = ${email.toLowerCase()}`,
    );
    const expired = await setPassword(token, 'too-late-1');
    expect(expired.code).toBe('FFFF');
    expect(expired.msg).toBe('This link has expired. Ask your admin for a new invitation.');
    expect((await setPassword(token, 'too-late-1', 'zh-cn')).msg).toContain('请联系管理员重新发送邀请');
    expect((await callOp(t.app, authOps.login, { email, password: 'too-late-1' })).code).toBe('FFFF');

    const forged = await setPassword(randomBytes(32).toString('base64url'), 'forged-pw-1');
    expect(forged.code).toBe('FFFF');
    expect(forged.msg).toMatch(/^This link is not valid/);
    const malformed = await callOp(t.app, homeOps.passwordLinkGet, { token: 'x' });
    expect(malformed.code).toBe('FFFF');
    expect(Object.keys(malformed.fields)).toEqual(['token']);
  });

  it('sending the link again (People) replaces the first one; for an agent who signed in it is a reset, and using it ends their sessions', async () => {
    const email = customer('again');
    const added = await invite(email);
    const accountId = added.data.account_id;
    const first = await latestToken(email);
    const resent = await api(accountOps.inviteSend, { account_id: accountId });
    expect(resent).toMatchObject({ code: '0000', data: { kind: 'account_invite' } });
    const second = await latestToken(email);
    expect(second).not.toBe(first);
    expect((await setPassword(first, 'first-link-1')).msg).toMatch(/^This link is not valid/);
    expect((await setPassword(second, 'second-link-1')).code).toBe('0000');
    const session = await signIn(t.app, email, 'second-link-1');

    expect(await api(accountOps.inviteSend, { account_id: accountId })).toMatchObject({
      code: '0000',
      data: { kind: 'password_reset' },
    });
    const mails = await linkMailsTo(email);
    expect(mails[mails.length - 1]?.subject).toBe('Set a new password for Parley');
    expect((await setPassword(await latestToken(email), 'third-pass-1')).code).toBe('0000');
    expect((await api(authOps.myInfoGet, {}, session)).code).toBe('0401');
    await signIn(t.app, email, 'third-pass-1');
  });

  it('a link mailed before the address was corrected, or before a new password, stops working; a rename keeps it', async () => {
    const typo = customer('typo');
    const added = await invite(typo);
    const accountId = added.data.account_id;
    const toTypo = await latestToken(typo);
    // The admin fixes the name: the invitation still works (and no password is asked for).
    const renamed = await api(accountOps.edit, { account_id: accountId, real_name: 'Nina Renamed' });
    expect(renamed.code).toBe('0000');
    expect((await callOp(t.app, homeOps.passwordLinkGet, { token: toTypo })).data).toMatchObject({
      real_name: 'Nina Renamed',
    });
    // The admin corrects the address: the mail at the wrong one takes nobody anywhere.
    const right = customer('right');
    expect((await api(accountOps.edit, { account_id: accountId, email: right })).code).toBe('0000');
    expect((await callOp(t.app, homeOps.passwordLinkGet, { token: toTypo })).msg).toMatch(/^This link is not valid/);
    expect((await setPassword(toTypo, 'stranger-pw-1')).msg).toMatch(/^This link is not valid/);
    expect((await callOp(t.app, authOps.login, { email: right, password: 'stranger-pw-1' })).code).toBe('FFFF');

    // A reset link the agent never used stops working once they change the password themselves.
    expect((await api(accountOps.inviteSend, { account_id: accountId })).code).toBe('0000');
    expect((await setPassword(await latestToken(right), 'right-person-1')).code).toBe('0000');
    const session = await signIn(t.app, right, 'right-person-1');
    expect((await api(accountOps.inviteSend, { account_id: accountId })).data).toEqual({ kind: 'password_reset' });
    const reset = await latestToken(right);
    const changed = await api(
      authOps.passwordEdit,
      { old_pass: 'right-person-1', new_pass: 'changed-myself-1' },
      session,
    );
    expect(changed.code).toBe('0000');
    expect((await setPassword(reset, 'someone-else-1')).msg).toMatch(/^This link is not valid/);
    await signIn(t.app, right, 'changed-myself-1');
  });

  it('needs the email channel, and a choice: an invitation or a password', async () => {
    const both = await invite(customer('both'), { password: 'typed-too-1' });
    expect(both.code).toBe('FFFF');
    expect(both.fields).toEqual({ password: 'Either send an invitation or type a password, not both' });
    const endUser = await invite(customer('enduser'), { user_type: 'end_user' });
    expect(Object.keys(endUser.fields)).toEqual(['invite']);
    expect((await api(accountOps.inviteState, {})).data).toEqual({ can_mail: true });
    const saved = t.app.mail.configOverride;
    t.app.mail.configOverride = null;
    try {
      expect((await api(accountOps.inviteState, {})).data).toEqual({ can_mail: false });
      const off = await invite(customer('off'));
      expect(off.code).toBe('FFFF');
      expect(off.fields).toEqual({
        invite: 'The email channel is not set up (Settings › Emails): type a password instead',
      });
    } finally {
      t.app.mail.configOverride = saved;
    }
    const list = await api(accountOps.list, { kw: customer('off') });
    expect(list.data.total).toBe(0);
  });
});

describe('who may send the link', () => {
  const powerful = ['auth.account.delete', 'auth.role.add', 'company.delete', '/wswt/setting/people'];
  const nodes = (values: string[]) =>
    values.map((v) => ({ type: v.startsWith('/') ? ('menu' as const) : ('btn' as const), value: v }));

  async function agentHolding(values: string[], name: string) {
    const a = await buildAgent(db(), { email: customer(name) });
    await buildRole(db(), { nodes: nodes(values), accountIds: [a.accountId] });
    return { ...a, token: await signIn(t.app, a.email, defaultPassword) };
  }

  it('an agent who may edit accounts cannot send one to an account that can do more, nor to an admin; a peer they can', async () => {
    const me = await agentHolding(['auth.account.edit'], 'weak');
    const boss = await agentHolding(['auth.account.edit', ...powerful], 'boss');
    const before = (await linkMailsTo(boss.email)).length;
    const refused = await api(accountOps.inviteSend, { account_id: boss.accountId }, me.token);
    expect(refused.code).toBe('FFFF');
    expect(refused.msg).toBe('You cannot set the password of an account that can do more than you');
    const admin = await buildAgent(db(), { email: customer('theadmin'), userType: 'admin' });
    expect((await api(accountOps.inviteSend, { account_id: admin.accountId }, me.token)).code).toBe('0403');
    expect(await linkMailsTo(boss.email)).toHaveLength(before);
    expect(await linkMailsTo(admin.email)).toHaveLength(0);

    const peer = await agentHolding(['auth.account.edit'], 'peer');
    expect((await api(accountOps.inviteSend, { account_id: peer.accountId }, me.token)).code).toBe('0000');
    expect(await latestToken(peer.email)).toBeTruthy();
  });

  it('an agent without the edit node cannot send one at all', async () => {
    const plain = await agentHolding(['auth.account.add'], 'plain');
    const other = await buildAgent(db(), { email: customer('other') });
    expect((await api(accountOps.inviteSend, { account_id: other.accountId }, plain.token)).code).toBe('0403');
  });
});
