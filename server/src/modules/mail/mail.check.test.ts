import net from 'node:net';
import { mailOps, type TEmailCheckRequest } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { api } from '../../../test/kit.js';
import { servers, setUpMailTests } from '../../../test/mail-kit.js';
import { mailPassword } from '../../../test/mail-servers.js';

const { customer, support } = setUpMailTests();

describe('email settings: test actions say what failed', () => {
  const form = (o: Partial<TEmailCheckRequest>): TEmailCheckRequest => ({
    sender: `Support <${support}>`,
    smtp_host: `127.0.0.1:${servers.smtpPort}`,
    imap_host: `127.0.0.1:${servers.imapPort}`,
    gateway: 'support.test',
    account: support,
    password: mailPassword,
    use_ssl: false,
    ...o,
  });
  const check = (what: 'test_send' | 'test_mailbox', body: TEmailCheckRequest) =>
    api(what === 'test_send' ? mailOps.testSend : mailOps.testMailbox, body);

  it('sends a test mail and opens the mailbox with good settings', async () => {
    const to = customer('tester');
    const sent = await check('test_send', form({ to }));
    expect(sent.data).toMatchObject({ ok: true, stage: null });
    expect((await servers.read(to)).map((m) => m.source)).toEqual([expect.stringContaining('Parley test mail')]);
    expect((await check('test_mailbox', form({}))).data).toMatchObject({ ok: true, stage: null });
  });

  it('names the failing step: login, connection, TLS', async () => {
    expect((await check('test_mailbox', form({ password: 'wrong' }))).data).toMatchObject({
      ok: false,
      stage: 'login',
    });
    expect((await check('test_send', form({ password: 'wrong' }))).data).toMatchObject({ ok: false, stage: 'login' });
    const closed = `127.0.0.1:1`;
    expect((await check('test_mailbox', form({ imap_host: closed }))).data).toMatchObject({
      ok: false,
      stage: 'connection',
    });
    expect((await check('test_send', form({ smtp_host: closed }))).data).toMatchObject({
      ok: false,
      stage: 'connection',
    });
    // A host name that does not resolve is a connection failure too, for sending as for reading.
    for (const what of ['test_send', 'test_mailbox'] as const) {
      const host = 'nosuchhost.invalid:25';
      const unknown = await check(what, form(what === 'test_send' ? { smtp_host: host } : { imap_host: host }));
      expect(unknown.data, what).toMatchObject({ ok: false, stage: 'connection' });
    }
    const tls = await check('test_mailbox', form({ use_ssl: true }));
    expect(tls.data).toMatchObject({ ok: false, stage: 'tls', endpoint: `127.0.0.1:${servers.imapPort} (TLS)` });
  });

  it('says a server that takes the connection and never greets timed out on its greeting, not that TLS failed', async () => {
    // A real TCP server that accepts and says nothing (as a port expecting TLS first does).
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const host = `127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    try {
      const [mailbox, send] = await Promise.all([
        check('test_mailbox', form({ imap_host: host })),
        check('test_send', form({ smtp_host: host })),
      ]);
      expect(mailbox.data).toMatchObject({ ok: false, stage: 'greeting', endpoint: host });
      expect(send.data).toMatchObject({ ok: false, stage: 'greeting', endpoint: host });
      expect(mailbox.data?.detail).toMatch(/greeting/i);
      expect(send.data?.detail).toMatch(/greeting/i);
      expect(sockets.size).toBe(2);
    } finally {
      for (const socket of sockets) {
        socket.destroy();
      }
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 40_000);
});
