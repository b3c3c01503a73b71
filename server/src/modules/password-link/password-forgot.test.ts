import { accountOps, authOps, homeOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callOp, signIn } from '../../../test/app.js';
import { buildAgent, defaultPassword } from '../../../test/factories.js';
import { api, db, t } from '../../../test/kit.js';
import { setUpMailTests } from '../../../test/mail-kit.js';
import { linkMailsTo, setPasswordByLink } from '../../../test/password-mail.js';
import { queryRows } from '../../db/rows.js';
import { hashToken } from '../auth/token.js';
import { forgotValidMs } from './password-link.repo.js';

/**
 * "Forgot password?" on the sign-in page, with a real SMTP server and Dovecot: the mail arrives
 * for an admin or agent, its link sets the password once, and every other address gets the same
 * answer and no mail (docs/decisions/0018-invitations.md).
 */
const { customer, support } = setUpMailTests();

let ipSeq = 0;
/** Each test asks from its own client address, so that the per-address limit is its own. */
const newIp = () => `198.51.100.${++ipSeq}`;

const forgot = (email: string, ip: string, lang?: string) =>
  callOp(
    t.app,
    homeOps.passwordForgotSend,
    { email },
    { headers: { 'x-forwarded-for': ip }, ...(lang ? { lang } : {}) },
  );

const neutral =
  'If an account with that address exists, we have sent it a link to set a new password. The link works once and for 1 hour.';

const setPassword = setPasswordByLink;

describe('Forgot password?', () => {
  it("mails an agent a 1-hour link from the support address; it sets the password once, ends the agent's sessions, and the new password signs in", async () => {
    const agent = await buildAgent(db(), { email: customer('forgetful'), realName: 'Fay Forgetful' });
    const session = await signIn(t.app, agent.email, defaultPassword);
    const ip = newIp();

    const asked = await forgot(agent.email.toUpperCase(), ip);
    expect(asked).toMatchObject({ code: '0000', msg: neutral, data: null });
    const [mail, ...more] = await linkMailsTo(agent.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Set a new password for Parley');
    expect(mail?.from).toContain(support);
    expect(mail?.text).toContain('Fay Forgetful');
    expect(mail?.text).toContain('works once and for 1 hour');
    const token = mail?.token as string;
    expect(token).toBeTruthy();
    // Only the token's hash is stored, and the link lives an hour.
    const [row] = await queryRows<{ purpose: string; life: string }>(
      db(),
      sql`SELECT purpose, expires_ts - create_ts AS life FROM password_link WHERE token_hash = ${hashToken(token)}`,
    );
    expect(row).toEqual({ purpose: 'reset', life: expect.anything() });
    expect(Number(row?.life)).toBe(forgotValidMs);
    expect(await queryRows(db(), sql`SELECT 1 FROM password_link WHERE token_hash = ${token}`)).toEqual([]);

    const page = await callOp(t.app, homeOps.passwordLinkGet, { token });
    expect(page.data).toMatchObject({ email: agent.email.toLowerCase(), purpose: 'reset' });
    expect((await setPassword(token, 'fay-remembers-now')).code).toBe('0000');
    expect((await api(authOps.myInfoGet, {}, session)).code).toBe('0401');
    expect((await callOp(t.app, authOps.login, { email: agent.email, password: defaultPassword })).code).toBe('FFFF');
    await signIn(t.app, agent.email, 'fay-remembers-now');
    expect((await setPassword(token, 'someone-else-1')).msg).toMatch(/already used/);
  });

  it('a password set through the link is no longer the one-time password printed at the first start', async () => {
    // The first admin, made with a generated password (bootstrap.test.ts), who forgot it.
    const admin = await buildAgent(db(), { email: customer('first'), userType: 'admin', passwordTemporary: true });
    const before = await signIn(t.app, admin.email, defaultPassword);
    expect((await api(authOps.myInfoGet, {}, before)).data.password_temporary).toBe(true);
    expect((await forgot(admin.email, newIp())).code).toBe('0000');
    const [mail] = await linkMailsTo(admin.email);
    expect((await setPassword(mail?.token as string, 'first-admin-own-1')).code).toBe('0000');
    const after = await signIn(t.app, admin.email, 'first-admin-own-1');
    expect((await api(authOps.myInfoGet, {}, after)).data.password_temporary).toBe(false);
  });

  it("a zh-cn agent's mail is in Chinese", async () => {
    const agent = await buildAgent(db(), { email: customer('zhforgot'), realName: '韩梅梅', defaultLanguage: 'zh-cn' });
    expect((await forgot(agent.email, newIp(), 'zh-cn')).msg).toBe(
      '如果该邮箱对应的账号存在，我们已向其发送设置新密码的链接。链接仅可使用一次，1 小时内有效。',
    );
    const [mail] = await linkMailsTo(agent.email);
    expect(mail?.subject).toBe('为 Parley 设置新密码');
    expect(mail?.text).toContain('韩梅梅，您好');
    expect(mail?.text).toContain('1 小时内有效');
  });

  it('answers an unknown address, an end user, a suspended agent and an admin alike, and mails only the admin', async () => {
    const ip = newIp();
    const endUser = await buildAgent(db(), { email: customer('enduser'), userType: 'end_user' });
    const suspended = await buildAgent(db(), { email: customer('suspended'), accessState: 'suspended' });
    const admin = await buildAgent(db(), { email: customer('boss'), userType: 'admin' });
    const nobody = customer('nobody');
    const answers: Awaited<ReturnType<typeof forgot>>[] = [];
    for (const email of [nobody, endUser.email, suspended.email, admin.email]) {
      answers.push(await forgot(email, ip));
    }
    // Alike in every header but the clock's: `date` moves on when the four straddle a second.
    const alike = (answer: (typeof answers)[number] | undefined) => ({
      ...answer,
      headers: { ...answer?.headers, date: undefined },
    });
    for (const answer of answers) {
      expect(alike(answer)).toEqual(alike(answers[3]));
    }
    expect(answers[0]).toMatchObject({ status: 200, code: '0000', msg: neutral });
    expect(await linkMailsTo(nobody)).toEqual([]);
    expect(await linkMailsTo(endUser.email)).toEqual([]);
    expect(await linkMailsTo(suspended.email)).toEqual([]);
    expect(await linkMailsTo(admin.email)).toHaveLength(1);
    const links = await queryRows(
      db(),
      sql`SELECT l.link_id FROM password_link l JOIN account a USING (account_id)
          WHERE a.email IN (${endUser.email.toLowerCase()}, ${suspended.email.toLowerCase()})`,
    );
    expect(links).toEqual([]);
  });

  it('a second request replaces the first link', async () => {
    const agent = await buildAgent(db(), { email: customer('twice') });
    const ip = newIp();
    await forgot(agent.email, ip);
    const first = (await linkMailsTo(agent.email))[0]?.token as string;
    await forgot(agent.email, ip);
    const mails = await linkMailsTo(agent.email);
    expect(mails).toHaveLength(2);
    const second = mails[1]?.token as string;
    expect(second).not.toBe(first);
    expect((await setPassword(first, 'first-link-1')).msg).toMatch(/^This link is not valid/);
    expect((await setPassword(second, 'second-link-1')).code).toBe('0000');
  });

  it('the link expires after 1 hour, and then says how to ask for a new one', async () => {
    const agent = await buildAgent(db(), { email: customer('late') });
    await forgot(agent.email, newIp());
    const [mail] = await linkMailsTo(agent.email);
    const token = mail?.token as string;
    // The link as it is after 59 minutes, then after 60: made that long ago.
    const age = (ms: number) =>
      db().execute(
        sql`UPDATE password_link SET create_ts = ${Date.now() - ms}, expires_ts = ${Date.now() - ms + forgotValidMs}
            WHERE token_hash = ${hashToken(token)}`,
      );
    await age(59 * 60_000);
    expect((await callOp(t.app, homeOps.passwordLinkGet, { token })).code).toBe('0000');
    await age(forgotValidMs);
    const expired = await setPassword(token, 'too-late-1');
    expect(expired.code).toBe('FFFF');
    expect(expired.fields).toEqual({
      token: 'This link has expired. Ask for a new one with “Forgot password?” on the sign-in page.',
    });
    expect((await callOp(t.app, authOps.login, { email: agent.email, password: 'too-late-1' })).code).toBe('FFFF');
  });

  it('limits requests per email (3 an hour, with an account or without) and per client address (20), with a 429 that tells nothing about the account', async () => {
    const agent = await buildAgent(db(), { email: customer('limited') });
    const nobody = customer('limitednobody');
    for (const email of [agent.email, nobody]) {
      const ip = newIp();
      const codes = [];
      for (let i = 0; i < 4; i++) {
        const r = await forgot(email, ip);
        codes.push(`${r.status} ${r.code} ${r.msg}`);
        // Each mail goes before the next request (queued together, only the last link is mailed).
        await t.app.parley.jobs.drain();
      }
      expect(codes.slice(0, 3)).toEqual(Array(3).fill(`200 0000 ${neutral}`));
      expect(codes[3]).toBe('429 FFFF Too many requests for a new password; please try again later.');
      // From another address, the email is still limited.
      expect((await forgot(email, newIp())).status).toBe(429);
    }
    expect(await linkMailsTo(agent.email)).toHaveLength(3);

    const busy = newIp();
    const many = [];
    for (let i = 0; i < 21; i++) {
      many.push((await forgot(customer(`many${i}`), busy)).status);
    }
    expect(many.filter((s) => s === 200)).toHaveLength(20);
    expect(many[20]).toBe(429);
    expect((await forgot(customer('zh-limit'), busy, 'zh-cn')).msg).toBe('申请新密码的次数过多，请稍后再试。');
  });

  it('says plainly that it is not available without the email channel, and sends nothing', async () => {
    const agent = await buildAgent(db(), { email: customer('nomail') });
    expect((await callOp(t.app, homeOps.passwordForgotState, {})).data).toEqual({ can_mail: true });
    const saved = t.app.mail.configOverride;
    t.app.mail.configOverride = null;
    try {
      expect((await callOp(t.app, homeOps.passwordForgotState, {})).data).toEqual({ can_mail: false });
      const off = await forgot(agent.email, newIp());
      expect(off).toMatchObject({ status: 400, code: 'FFFF' });
      expect(off.msg).toBe(
        'Password reset by mail is not available on this help desk (no outgoing mail is set up). Ask your admin to set a new password for you.',
      );
      // An unknown address gets the same.
      expect((await forgot(customer('nomail-nobody'), newIp())).msg).toBe(off.msg);
    } finally {
      t.app.mail.configOverride = saved;
    }
    expect(await linkMailsTo(agent.email)).toEqual([]);
  });

  it('refuses what is not an email under its field, and never answers 500 to what a client sends', async () => {
    const ip = newIp();
    const bad = await forgot('not-an-email', ip);
    expect(bad).toMatchObject({ status: 400, code: 'FFFF', fields: { email: 'Incorrect mailbox format' } });
    expect((await forgot('', ip)).fields).toEqual({ email: expect.any(String) });
    for (const payload of ['{"email":', '[]', '{"email":["a@b.c"]}', `{"email":"${'a'.repeat(300)}@b.co"}`, 'null']) {
      const res = await t.app.inject({
        method: 'POST',
        url: homeOps.passwordForgotSend.path,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code).toBe('FFFF');
    }
  });
});

describe('a link an admin sends from People', () => {
  it('says in its mail that it works for 7 days (it did say 1 hour)', async () => {
    const agent = await buildAgent(db(), { email: customer('resent') });
    await signIn(t.app, agent.email, defaultPassword);
    expect((await api(accountOps.inviteSend, { account_id: agent.accountId })).data).toEqual({
      kind: 'password_reset',
    });
    const [mail] = await linkMailsTo(agent.email);
    expect(mail?.text).toContain('works once and for 7 days');
  });
});
