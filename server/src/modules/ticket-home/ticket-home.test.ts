import { randomUUID } from 'node:crypto';
import { bannedOps, fieldOps, formOps, homeOps, settingOps, type TOpInput, ticketOps } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callOp, signIn } from '../../../test/app.js';
import {
  buildAgent,
  buildCompany,
  buildEndUser,
  defaultPassword,
  giveDefaultRole,
  uniqueDomain,
} from '../../../test/factories.js';
import { harmlessDefaultForm } from '../../../test/field-kit.js';
import { multipart, png } from '../../../test/images.js';
import { admin, api, apiUntyped, setUpApp, t } from '../../../test/kit.js';
import { account, banned, ticket, ticketComment, ticketEvent } from '../../db/schema/index.js';

setUpApp({ ticketDefaults: true });

/** Each test submits from its own address, so that the per-IP limit of one does not touch another. */
const newIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
type TForm = TOpInput<typeof homeOps.ticketAdd>;
const submit = (body: TForm, ip = newIp(), lang?: string) =>
  callOp(t.app, homeOps.ticketAdd, body, { headers: { 'x-forwarded-for': ip }, ...(lang ? { lang } : {}) });
const form = (over: Partial<TForm> = {}): TForm => ({
  email: `visitor-${randomUUID().slice(0, 8)}@example.com`,
  real_name: 'Visitor',
  subject: 'My printer is on fire',
  description: 'Please help',
  ...over,
});

async function upload(name: string, type: string, data: Buffer, ip = newIp()) {
  const body = multipart(data, name, type);
  // A multipart upload: no operation (operations take JSON).
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/home/upload',
    payload: body.payload,
    headers: { ...body.headers, 'x-forwarded-for': ip },
  });
  return {
    status: res.statusCode,
    ...(res.json() as { code: string; msg: string; data: { file_id: string } & Record<string, unknown> }),
  };
}

describe('home/ticket.add', () => {
  it('makes the requester an end user of the organization of their domain, and a new ticket in the default group', async () => {
    const domain = uniqueDomain();
    const company = await buildCompany(t.database.db, { companyDomains: [domain] });
    const email = `Someone@${domain.toUpperCase()}`;
    const res = await submit(form({ email, real_name: 'Some One', description: 'Line one\nLine <two>' }));
    expect([res.status, res.code, res.msg]).toEqual([200, '0000', 'Successfully saved']);
    const got = await api(ticketOps.get, { ticket_id: res.data.ticket_id });
    expect(got.data).toMatchObject({
      ticket_state: 'new',
      source: 'form',
      company_id: company.companyId,
      assignee_id: null,
      satisfaction: 'unoffered',
      satisfaction_url: null,
      requester: { email: email.toLowerCase(), real_name: 'Some One', user_type: 'end_user' },
    });
    expect(got.data.group_id).toEqual(expect.any(Number));
    const comments = await api(ticketOps.comments, { ticket_id: res.data.ticket_id });
    expect(comments.data.list).toHaveLength(1);
    expect(comments.data.list[0]).toMatchObject({
      is_public: true,
      author_type: 'end_user',
      body: '<p>Line one</p><p>Line &lt;two&gt;</p>',
    });
  });

  it('finds an existing requester by email and keeps their name and language', async () => {
    const user = await buildEndUser(t.database.db, { realName: 'Known Name', defaultLanguage: 'en' });
    const res = await submit(form({ email: user.email, real_name: 'Other Name' }), newIp(), 'zh-cn');
    const [row] = await t.database.db.select().from(ticket).where(eq(ticket.ticketId, res.data.ticket_id));
    expect(row?.requesterId).toBe(user.accountId);
    const [who] = await t.database.db.select().from(account).where(eq(account.accountId, user.accountId));
    expect([who?.realName, who?.defaultLanguage]).toEqual(['Known Name', 'en']);
  });

  it('makes a new requester speak the language of the page they wrote from (their mails follow it)', async () => {
    const res = await submit(form(), newIp(), 'zh-cn');
    const [row] = await t.database.db.select().from(ticket).where(eq(ticket.ticketId, res.data.ticket_id));
    const [who] = await t.database.db
      .select()
      .from(account)
      .where(eq(account.accountId, row?.requesterId as number));
    expect(who?.defaultLanguage).toBe('zh-cn');
  });

  it('answers the spec messages for a bad form, in both languages', async () => {
    const bad = await submit({ email: 'not-an-email', real_name: '', subject: ' ', description: '' });
    expect(bad.code).toBe('FFFF');
    expect(bad.fields).toEqual({
      email: 'Incorrect mailbox format',
      real_name: 'Name is required',
      subject: 'Subject is required',
      description: 'Description is required',
    });
    const zh = await submit({ ...form(), subject: '' }, newIp(), 'zh-cn');
    expect(zh.msg).toBe('请输入主题');
  });

  it('refuses a banned email, @domain or IP address, and writes nothing', async () => {
    const db = t.database.db;
    const domain = uniqueDomain('banned');
    const ip = newIp();
    const bannedEmail = `bad-${randomUUID().slice(0, 6)}@example.com`;
    await db.insert(banned).values([
      { blackType: 'email', blackValue: bannedEmail, createTs: Date.now() },
      { blackType: 'email', blackValue: `@${domain}`, createTs: Date.now() },
      { blackType: 'ip', blackValue: ip, createTs: Date.now() },
    ]);
    for (const [email, from] of [
      [bannedEmail, newIp()],
      [`anyone@${domain}`, newIp()],
      [`fine-${randomUUID().slice(0, 6)}@example.com`, ip],
    ] as const) {
      const res = await submit(form({ email, subject: `banned ${email}` }), from);
      expect([res.status, res.code]).toEqual([400, 'FFFF']);
      expect(res.msg).toMatch(/cannot be accepted/);
      expect(
        await db
          .select()
          .from(ticket)
          .where(eq(ticket.subject, `banned ${email}`)),
      ).toHaveLength(0);
      expect(await db.select().from(account).where(eq(account.email, email))).toHaveLength(0);
    }
  });

  it('refuses a suspended requester with the answer of any refused submission (it tells no stranger the account is suspended)', async () => {
    const user = await buildEndUser(t.database.db, { accessState: 'suspended' });
    const res = await submit(form({ email: user.email }));
    const banned = await buildEndUser(t.database.db);
    await api(bannedOps.add, { black_type: 'email', black_value: banned.email });
    const refused = await submit(form({ email: banned.email }));
    expect([res.code, res.msg, res.data]).toEqual([refused.code, refused.msg, refused.data]);
    expect(res.msg).not.toContain('suspended');
  });

  it('a staff email on the public form: the staff account is the requester, marked unverified, and nothing else changes', async () => {
    const staff = await buildAgent(t.database.db, { realName: 'Real Agent' });
    const res = await submit(form({ email: staff.email, real_name: 'Impostor' }));
    expect(res.code).toBe('0000');
    const [row] = await t.database.db.select().from(ticket).where(eq(ticket.ticketId, res.data.ticket_id));
    expect(row?.requesterId).toBe(staff.accountId);
    const events = await t.database.db
      .select()
      .from(ticketEvent)
      .where(and(eq(ticketEvent.ticketId, res.data.ticket_id), eq(ticketEvent.field, 'requester_unverified')));
    expect(events.map((e) => e.newValue)).toEqual([staff.accountId]);
    const [after] = await t.database.db.select().from(account).where(eq(account.accountId, staff.accountId));
    expect([after?.realName, after?.userType, after?.passwordHash]).toEqual([
      'Real Agent',
      'agent',
      staff.passwordHash,
    ]);
    // An end user's own ticket carries no such mark.
    const plain = await submit(form());
    const marks = await t.database.db
      .select()
      .from(ticketEvent)
      .where(and(eq(ticketEvent.ticketId, plain.data.ticket_id), eq(ticketEvent.field, 'requester_unverified')));
    expect(marks).toEqual([]);
  });

  it("a message left in the chat widget has no form: the default form's required fields do not hold it back", async () => {
    const product = await api(fieldOps.add, {
      field_type: 'text',
      title: 'Product',
      customer_editable: true,
      required_to_submit: true,
    });
    const key = `field_${product.data.field_id}`;
    const required = await api(formOps.add, {
      form_name: 'Product required',
      field_ids: [product.data.field_id],
      is_default: true,
    });
    expect(required.code, required.msg).toBe('0000');
    try {
      const refused = await submit(form());
      expect([refused.code, refused.msg]).toEqual(['FFFF', 'Product is required']);
      const res = await submit(form({ source: 'chat' }));
      expect(res.code, res.msg).toBe('0000');
      const got = await api(ticketOps.get, { ticket_id: res.data.ticket_id });
      expect(got.data).toMatchObject({ source: 'chat', form_id: null, fields: {} });
      // Nor does it take a form or a field's value.
      const withForm = await submit(form({ source: 'chat', form_id: required.data.form_id }));
      expect([withForm.code, withForm.fields]).toEqual(['FFFF', { form_id: 'Invalid value' }]);
      const withField = await submit(form({ source: 'chat', fields: { [key]: 'Printer' } }));
      expect([withField.code, withField.fields]).toEqual(['FFFF', { [key]: 'No ticket field has this key' }]);
    } finally {
      await harmlessDefaultForm();
    }
  });

  it('limits submissions per IP address: 20 in 10 minutes, then 429', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      expect((await submit(form(), ip)).code).toBe('0000');
    }
    const res = await submit(form(), ip);
    expect([res.status, res.code, res.msg]).toEqual([429, 'FFFF', 'Too many submissions; please try again later']);
    expect((await submit(form(), newIp())).code).toBe('0000');
  });
});

describe('a person is asked for their 姓名', () => {
  it('refuses a public ticket without a name, in Chinese as 请输入姓名', async () => {
    const res = await submit(form({ real_name: ' ' }), newIp(), 'zh-cn');
    expect([res.code, res.msg]).toEqual(['FFFF', '请输入姓名']);
  });
});

describe('uploads and attachments', () => {
  it("keeps an upload's type by its content: a text file named fake.png is not stored as an image", async () => {
    const fake = await upload('fake.png', 'image/png', Buffer.from('just some text, not a picture'));
    expect(fake.data).toMatchObject({ file_name: 'fake.png', content_type: 'application/octet-stream' });
    const real = await upload('photo.txt', 'text/plain', png(20, 10));
    expect(real.data).toMatchObject({ file_name: 'photo.txt', content_type: 'image/png' });
    const notes = await upload('notes.txt', 'text/plain', Buffer.from('plain notes'));
    expect(notes.data.content_type).toBe('text/plain');
    const res = await submit(form({ file_ids: [fake.data.file_id, real.data.file_id] }));
    const comments = await api(ticketOps.comments, { ticket_id: res.data.ticket_id });
    const files = comments.data.list[0]?.attachments ?? [];
    expect(Object.fromEntries(files.map((f) => [f.file_name, f.content_type]))).toEqual({
      'fake.png': 'application/octet-stream',
      'photo.txt': 'image/png',
    });
  });

  it('attaches a public upload to the ticket; agents download it with safe headers; an id works once', async () => {
    const image1 = png(40, 30);
    const image = await upload('shot.png', 'image/png', image1);
    expect(image.code).toBe('0000');
    expect(image.data).toMatchObject({ file_name: 'shot.png', size: image1.length, content_type: 'image/png' });
    expect(String(image.data.file_id)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const html = await upload('page.html', 'text/html', Buffer.from('<script>alert(1)</script>'));
    const res = await submit(form({ file_ids: [image.data.file_id, html.data.file_id] }));
    expect(res.code).toBe('0000');

    const comments = await api(ticketOps.comments, { ticket_id: res.data.ticket_id });
    expect(comments.data.list[0]?.file_ids.sort()).toEqual([image.data.file_id, html.data.file_id].sort());

    // A file download, not an operation.
    const get = (fileId: unknown, token = admin) =>
      t.app.inject({
        method: 'GET',
        url: `/api/admin/ticket.attachment.get?file_id=${fileId}`,
        headers: { authorization: token },
      });
    const img = await get(image.data.file_id);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['content-disposition']).toMatch(/^inline;/);
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(image1)).toBe(true);
    const page = await get(html.data.file_id);
    expect(page.headers['content-type']).toBe('application/octet-stream');
    expect(page.headers['content-disposition']).toBe(`attachment; filename="page.html"; filename*=UTF-8''page.html`);
    expect(page.headers['x-content-type-options']).toBe('nosniff');

    // An agent who may see only their own tickets cannot read it.
    const own = await buildAgent(t.database.db, { ticketAccess: 'own' });
    await giveDefaultRole(t.database.db, own.accountId);
    const ownToken = await signIn(t.app, own.email, defaultPassword);
    const hidden = await get(image.data.file_id, ownToken);
    expect(hidden.statusCode).toBe(404);

    // The same upload cannot be attached twice.
    const again = await submit(form({ file_ids: [image.data.file_id] }));
    expect(again.code).toBe('FFFF');
    expect(again.msg).toMatch(/upload it again/);
  });

  it('refuses a file over 20 MB with 413 and the spec message', async () => {
    const res = await upload('big.bin', 'application/octet-stream', Buffer.alloc(20 * 1024 * 1024 + 1));
    expect([res.status, res.code, res.msg]).toEqual([413, 'FFFF', 'File size cannot exceed 20M']);
  });

  it('refuses attachments while the ticket setting can_attach is off', async () => {
    const file = await upload('a.txt', 'text/plain', Buffer.from('hello'));
    const set = (v: boolean) => api(settingOps.ticketEdit, { can_attach: v });
    const offered = async () => (await api(homeOps.ticketForm, {}, null)).data.can_attach;
    expect(await offered()).toBe(true);
    await set(false);
    try {
      // The public form is told, so it does not offer them; the server refuses them anyway.
      expect(await offered()).toBe(false);
      const res = await submit(form({ file_ids: [file.data.file_id] }));
      expect([res.code, res.msg]).toEqual(['FFFF', 'Attachments are not allowed']);
      const another = await upload('b.txt', 'text/plain', Buffer.from('hello'));
      expect([another.code, another.msg]).toEqual(['FFFF', 'Attachments are not allowed']);
      // Nor can an agent's comment take one (pasted images included).
      const body = multipart(Buffer.from('hello'), 'c.txt', 'text/plain');
      // A multipart upload: no operation.
      const agentUpload = await t.app.inject({
        method: 'POST',
        url: '/api/admin/ticket.upload',
        payload: body.payload,
        headers: { ...body.headers, authorization: admin },
      });
      expect(agentUpload.json() as { code: string; msg: string }).toMatchObject({
        code: 'FFFF',
        msg: 'Attachments are not allowed',
      });
    } finally {
      await set(true);
    }
  });
});

describe('satisfaction survey', () => {
  const solve = async (ticketId: number) =>
    api(ticketOps.edit, { ticket_id: ticketId, submit_as: 'solved', comment: { body: 'Fixed', is_public: true } });

  it('offers a link when solved; the requester rates through it; the rating and its event are kept', async () => {
    const res = await submit(form({ subject: 'Rate me' }));
    const before = await api(ticketOps.get, { ticket_id: res.data.ticket_id });
    expect(before.data.satisfaction_url).toBeNull();
    const solved = await solve(res.data.ticket_id);
    expect(solved.data.satisfaction).toBe('unoffered');
    const token = new URL(`http://x${solved.data.satisfaction_url}`).searchParams.get('token') as string;
    // The link an agent copies opens in the requester's language, as the mail's links do.
    expect(solved.data.satisfaction_url).toBe(`/home/satisfaction?token=${token}&lang=en`);
    const zh = await submit(form({ subject: '评分' }), newIp(), 'zh-cn');
    const zhSolved = await solve(zh.data.ticket_id);
    expect(zhSolved.data.satisfaction_url).toMatch(/^\/home\/satisfaction\?token=[^&]+&lang=zh-cn$/);

    const got = await api(homeOps.satisfactionGet, { token }, null);
    expect(got.data).toEqual({
      ticket_id: res.data.ticket_id,
      subject: 'Rate me',
      satisfaction: 'unoffered',
      satisfaction_comment: '',
      rating_open: true,
    });
    const add = await api(homeOps.satisfactionAdd, { token, satisfaction: 'good', comment: 'Thanks!' }, null);
    expect(add.code).toBe('0000');
    const after = await api(ticketOps.get, { ticket_id: res.data.ticket_id });
    expect([after.data.satisfaction, after.data.satisfaction_comment]).toEqual(['good', 'Thanks!']);
    const events = await t.database.db
      .select()
      .from(ticketEvent)
      .where(and(eq(ticketEvent.ticketId, res.data.ticket_id), eq(ticketEvent.field, 'satisfaction')));
    expect(events.map((e) => [e.oldValue, e.newValue])).toEqual([['unoffered', 'good']]);

    expect((await api(homeOps.satisfactionGet, { token: 'x'.repeat(32) }, null)).code).toBe('0404');
    const bad = await apiUntyped(homeOps.satisfactionAdd, { token, satisfaction: 'unoffered' }, null);
    expect(bad.code).toBe('FFFF');
  });

  it('offers nothing while allow_score is off: the ticket stays unoffered without a link', async () => {
    const set = (v: boolean) => api(settingOps.ticketEdit, { allow_score: v });
    await set(false);
    try {
      const res = await submit(form());
      const solved = await solve(res.data.ticket_id);
      expect([solved.data.satisfaction, solved.data.satisfaction_url]).toEqual(['unoffered', null]);
    } finally {
      await set(true);
    }
  });

  it('tells the survey page when ratings were turned off after the link was sent, and refuses a rating', async () => {
    const set = (v: boolean) => api(settingOps.ticketEdit, { allow_score: v });
    const res = await submit(form());
    const solved = await solve(res.data.ticket_id);
    const token = new URL(`http://x${solved.data.satisfaction_url}`).searchParams.get('token') as string;
    await set(false);
    try {
      const got = await api(homeOps.satisfactionGet, { token }, null);
      expect([got.code, got.data.rating_open]).toEqual(['0000', false]);
      const add = await api(homeOps.satisfactionAdd, { token, satisfaction: 'bad', comment: '' }, null);
      expect(add.code).toBe('FFFF');
    } finally {
      await set(true);
    }
  });
});

describe('nothing half-saved', () => {
  it('a public ticket whose attachment is refused leaves no requester, ticket or comment', async () => {
    const email = `half-${randomUUID().slice(0, 8)}@example.com`;
    const res = await submit(form({ email, subject: 'half saved?', file_ids: ['A'.repeat(22)] }));
    expect(res.code).toBe('FFFF');
    const db = t.database.db;
    expect(await db.select().from(account).where(eq(account.email, email))).toHaveLength(0);
    expect(await db.select().from(ticket).where(eq(ticket.subject, 'half saved?'))).toHaveLength(0);
    expect(
      await db
        .select()
        .from(ticketComment)
        .innerJoin(ticket, eq(ticket.ticketId, ticketComment.ticketId))
        .where(eq(ticket.subject, 'half saved?')),
    ).toHaveLength(0);
  });
});
