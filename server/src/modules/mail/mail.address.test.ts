import { mailOps, type TOpInput, ticketOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { callOp } from '../../../test/app.js';
import { buildGroup } from '../../../test/factories.js';
import { admin, agent, api, db, t } from '../../../test/kit.js';
import { eventually, servers, setUpMailTests } from '../../../test/mail-kit.js';
import { mailPassword, startMailServers } from '../../../test/mail-servers.js';
import { freePort } from '../../../test/ports.js';
import { queryRows } from '../../db/rows.js';

const kit = setUpMailTests();
const { customer, ours, rawMail, fetchNow, ticketOf, inboxOf, support } = kit;

afterAll(async () => {
  await t.app.mail.unwatch();
  // Other files share the PostgreSQL database: our addresses must not route their mail.
  await db().execute(sql`DELETE FROM mail_address WHERE address LIKE ${`%-${kit.run}@support.test`}`);
});

const add = (body: TOpInput<typeof mailOps.addressAdd>, lang?: string) =>
  callOp(t.app, mailOps.addressAdd, body, { token: admin, ...(lang ? { lang } : {}) });
const editAddress = (body: TOpInput<typeof mailOps.addressEdit>) => api(mailOps.addressEdit, body);
const list = async () => (await api(mailOps.addressAllList, {})).data.list;
const ticketRow = async (ticketId: number) =>
  (
    await queryRows<{ group_id: number | null }>(db(), sql`SELECT group_id FROM ticket WHERE ticket_id = ${ticketId}`)
  )[0];

describe('support addresses: the calls', () => {
  it('adds, lists (never the password), edits and deletes an address, refusing what cannot work', async () => {
    const groupId = await buildGroup(db());
    const address = ours('calls');
    const added = await add({ address: address.toUpperCase(), name: 'Calls', group_id: groupId });
    expect(added.code).toBe('0000');
    const row = (await list()).find((a) => a.address_id === added.data.address_id);
    expect(row).toMatchObject({ address, name: 'Calls', group_id: groupId, has_mailbox: false, has_password: false });
    expect(row).not.toHaveProperty('password');

    const again = await add({ address });
    expect([again.code, again.data]).toEqual(['FFFF', { fields: { address: 'This email is already in use' } }]);
    const zh = await add({ address: 'not an address' }, 'zh-cn');
    expect([zh.code, zh.data]).toEqual(['FFFF', { fields: { address: '邮箱格式不正确' } }]);
    const noServer = await add({ address: ours('nobox'), has_mailbox: true, account: 'x', password: 'y' });
    expect([noServer.code, noServer.data]).toEqual(['FFFF', { fields: { imap_host: 'Imap host is required' } }]);
    const noPassword = await add({ address: ours('nopass'), has_mailbox: true, imap_host: 'imap.test', account: 'x' });
    expect([noPassword.code, noPassword.data]).toEqual(['FFFF', { fields: { password: 'Password is required' } }]);
    const noGroup = await add({ address: ours('nogroup'), group_id: 99999999 });
    expect(noGroup.code).toBe('FFFF');
    expect((await list()).map((a) => a.address)).not.toContain(ours('nogroup'));

    // Own mailbox: saved only once Parley signed in to it, and it says what failed.
    const id = added.data.address_id;
    const imap = `127.0.0.1:${servers.imapPort}`;
    const withBox = { address_id: id, address, name: 'Calls', group_id: groupId, has_mailbox: true, account: address };
    const wrongPassword = await editAddress({ ...withBox, imap_host: imap, use_ssl: false, password: 'not-it' });
    expect([wrongPassword.code, wrongPassword.data]).toEqual([
      'FFFF',
      { fields: { password: `Login refused at ${imap}: check the account and password` } },
    ]);
    const sslOnPlainPort = await editAddress({ ...withBox, imap_host: imap, use_ssl: true, password: mailPassword });
    expect([sslOnPlainPort.code, sslOnPlainPort.data]).toEqual([
      'FFFF',
      { fields: { imap_host: `TLS failed at ${imap} (TLS): check Use SSL and the port` } },
    ]);
    const closed = `127.0.0.1:${await freePort()}`;
    const nobody = await editAddress({ ...withBox, imap_host: closed, use_ssl: false, password: mailPassword });
    expect([nobody.code, nobody.data]).toEqual([
      'FFFF',
      { fields: { imap_host: `Nothing answered at ${closed}: check the host and port` } },
    ]);
    expect((await list()).find((a) => a.address_id === id)).toMatchObject({ has_mailbox: false });
    expect((await editAddress({ ...withBox, imap_host: imap, use_ssl: false, password: mailPassword })).code).toBe(
      '0000',
    );
    // The password is kept when the edit leaves it empty.
    expect((await editAddress({ ...withBox, imap_host: imap, use_ssl: false, password: '' })).code).toBe('0000');
    expect((await list()).find((a) => a.address_id === id)).toMatchObject({
      has_mailbox: true,
      imap_host: imap,
      has_password: true,
    });
    expect((await editAddress({ ...withBox, address_id: 99999999, imap_host: 'x', account: 'y' })).code).toBe('0404');

    const removed = await api(mailOps.addressDelete, { address_ids: [id] });
    expect(removed.code).toBe('0000');
    expect((await list()).map((a) => a.address_id)).not.toContain(id);
    const gone = await api(mailOps.addressDelete, { address_ids: [id] });
    expect(gone.code).toBe('0404');
  });
});

describe('support addresses: routing', () => {
  it('files mail to an alias in its group, answers from the alias, and tells only the agents who may see it', async () => {
    const sales = await buildGroup(db());
    const other = await buildGroup(db());
    const alias = ours('sales');
    expect((await add({ address: alias, name: 'Sales Team', group_id: sales })).code).toBe('0000');
    const seller = await agent({ ticketAccess: 'groups', email: ours('seller') }, [sales]);
    const outsider = await agent({ ticketAccess: 'groups', email: ours('outsider') }, [other]);
    const ownOnly = await agent({ ticketAccess: 'own', email: ours('own') }, [sales]);

    const dora = customer('dora');
    // The alias is delivered into the main mailbox; the To header names it.
    const mail = rawMail({ from: `Dora <${dora}>`, to: `Sales <${alias}>`, subject: 'A quote for 40 chairs' });
    await servers.deliver(support, mail.raw);
    expect(await fetchNow()).toEqual({ ticket: 1 });
    const ticketId = Number(await ticketOf(mail.messageId));
    expect((await ticketRow(ticketId))?.group_id).toBe(sales);

    const received = (await inboxOf(dora))[0]?.parsed;
    expect(received?.from?.value[0]).toEqual({ address: alias, name: 'Sales Team' });
    expect(received?.replyTo?.value[0]?.address).toBe(alias);

    const told = (await inboxOf(seller.email)).map((m) => m.parsed.subject);
    expect(told).toEqual([`[#${ticketId}] new ticket: A quote for 40 chairs`]);
    expect(await inboxOf(outsider.email)).toEqual([]);
    expect(await inboxOf(ownOnly.email)).toEqual([]);

    // Assigning it to the own-access agent tells them (they may see it now).
    expect((await api(ticketOps.edit, { ticket_id: ticketId, assignee_id: ownOnly.accountId })).code).toBe('0000');
    expect((await inboxOf(ownOnly.email)).map((m) => m.parsed.subject)).toEqual([
      `[#${ticketId}] assigned to you: A quote for 40 chairs`,
    ]);

    // Mail to the main address still goes to the default group.
    const plain = rawMail({ from: dora, to: support, subject: 'Something else' });
    await servers.deliver(support, plain.raw);
    expect(await fetchNow()).toEqual({ ticket: 1 });
    const [defaultGroup] = await queryRows<{ group_id: number }>(
      db(),
      sql`SELECT group_id FROM agent_group WHERE is_default LIMIT 1`,
    );
    expect((await ticketRow(Number(await ticketOf(plain.messageId))))?.group_id).toBe(defaultGroup?.group_id ?? null);
  });

  it('reads an address with its own mailbox: its tickets, its answers and the replies to them', async () => {
    const billing = await buildGroup(db());
    const box = ours('billing');
    const added = await add({
      address: box,
      group_id: billing,
      has_mailbox: true,
      imap_host: `127.0.0.1:${servers.imapPort}`,
      account: box,
      password: mailPassword,
      use_ssl: false,
    });
    expect(added.code).toBe('0000');
    const ed = customer('ed');
    const first = rawMail({ from: ed, to: box, subject: 'Invoice 77 is wrong' });
    await servers.deliver(box, first.raw);
    expect(await fetchNow()).toEqual({ ticket: 1 });
    const ticketId = Number(await ticketOf(first.messageId));
    expect((await ticketRow(ticketId))?.group_id).toBe(billing);
    expect((await servers.read(box)).every((m) => m.seen)).toBe(true);
    await inboxOf(ed); // "received"

    expect(
      (await api(ticketOps.edit, { ticket_id: ticketId, comment: { body: '<p>Fixed, sorry.</p>', is_public: true } }))
        .code,
    ).toBe('0000');
    const answers = await inboxOf(ed);
    const answer = answers[answers.length - 1]?.parsed;
    expect(answer?.from?.value[0]?.address).toBe(box);
    expect(answer?.text).toContain('Fixed, sorry.');

    const reply = rawMail({
      from: ed,
      to: box,
      subject: `Re: ${answer?.subject}`,
      body: 'Thanks!',
      inReplyTo: answer?.messageId as string,
    });
    await servers.deliver(box, reply.raw);
    expect(await fetchNow()).toEqual({ comment: 1 });
    expect(await ticketOf(reply.messageId)).toBe(ticketId);
    await api(mailOps.addressDelete, { address_ids: [added.data.address_id] });
  });
});

describe('new mail without waiting: IMAP IDLE where the server offers it', () => {
  it('stores a new mail within seconds while no poll runs (Dovecot offers IDLE)', async () => {
    expect(await t.app.mail.watch()).toEqual(['idle']);
    const fay = customer('fay');
    const mail = rawMail({ from: fay, to: support, subject: 'Pushed, not polled' });
    const start = Date.now();
    await servers.deliver(support, mail.raw);
    // No timer is running in tests (the poll interval is only started by the server); only IDLE can fetch it.
    await eventually('the mail stored by IDLE', () => ticketOf(mail.messageId), 5000);
    expect(Date.now() - start).toBeLessThan(5000);

    // A support address with its own mailbox gets its own IDLE connection once it exists.
    const box = ours('pushed');
    const added = await add({
      address: box,
      has_mailbox: true,
      imap_host: `127.0.0.1:${servers.imapPort}`,
      account: box,
      password: mailPassword,
      use_ssl: false,
    });
    expect(await t.app.mail.watch()).toEqual(['idle', 'idle']);
    const second = rawMail({ from: fay, to: box, subject: 'Pushed into the second mailbox' });
    await servers.deliver(box, second.raw);
    await eventually('the mail of the own mailbox stored by IDLE', () => ticketOf(second.messageId), 5000);
    await t.app.mail.unwatch();
    await api(mailOps.addressDelete, { address_ids: [added.data.address_id] });
  });

  it('falls back to polling where the server does not offer IDLE', async () => {
    const plain = await startMailServers({ withoutIdle: true });
    try {
      t.app.mail.configOverride = plain.config(support);
      expect(await t.app.mail.watch()).toEqual(['polling']);
      const gus = customer('gus');
      const mail = rawMail({ from: gus, to: support, subject: 'Only a poll finds me' });
      await plain.deliver(support, mail.raw);
      await new Promise((r) => setTimeout(r, 1500));
      expect(await ticketOf(mail.messageId)).toBeUndefined();
      expect(await fetchNow()).toEqual({ ticket: 1 });
      expect(await ticketOf(mail.messageId)).toBeTypeOf('number');
    } finally {
      await t.app.mail.unwatch();
      t.app.mail.configOverride = servers.config(support);
      await plain.stop();
    }
  });
});
