import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress, postSigned, signWebhook } from './rule.webhook.js';

interface Seen {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('webhooks', () => {
  const seen: Seen[] = [];
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        seen.push({ path: req.url ?? '', headers: req.headers, body });
        if (req.url === '/moved') {
          res.writeHead(302, { location: '/elsewhere' }).end();
        } else {
          res.writeHead(204).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const loopbackAllowed = { allowPrivate: (a: string) => a === '127.0.0.1' };

  it('signs the body with the shared secret and the timestamp', async () => {
    const body = JSON.stringify({ ticket: { ticket_id: 1 } });
    expect(await postSigned(`${base}/hook`, 'secret-1', body, loopbackAllowed)).toBe(204);
    const got = seen.at(-1) as Seen;
    expect(got.body).toBe(body);
    const ts = Number(got.headers['x-parley-timestamp']);
    expect(got.headers['x-parley-signature']).toBe(signWebhook('secret-1', ts, body));
    expect(signWebhook('secret-2', ts, body)).not.toBe(got.headers['x-parley-signature']);
    expect(got.headers['x-parley-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('refuses private, loopback and local addresses, by name too, before connecting', async () => {
    const before = seen.length;
    await expect(postSigned(`${base}/hook`, 's', '{}')).rejects.toThrow(/refused/);
    const port = new URL(base).port;
    await expect(postSigned(`http://localhost:${port}/hook`, 's', '{}')).rejects.toThrow(/refused/);
    expect(seen.length).toBe(before);
    for (const a of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '127.0.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
    ]) {
      expect(isPrivateAddress(a)).toBe(true);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) {
      expect(isPrivateAddress(a)).toBe(false);
    }
  });

  it('does not follow a redirect', async () => {
    const before = seen.length;
    await expect(postSigned(`${base}/moved`, 's', '{}', loopbackAllowed)).rejects.toThrow(/redirects are not followed/);
    expect(seen.slice(before).map((s) => s.path)).toEqual(['/moved']);
  });
});
