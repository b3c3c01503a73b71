import { bannedOps, canonicalIp, type TOpInput } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { api, apiUntyped, setUpApp, t } from '../../../test/kit.js';
import { isBanned } from './banned.service.js';

setUpApp();

const add = (body: TOpInput<typeof bannedOps.add>) => api(bannedOps.add, body);
const list = async (query: TOpInput<typeof bannedOps.list> = {}) => (await api(bannedOps.list, query)).data;

describe('black.add', () => {
  it('requires the value with the spec messages per type', async () => {
    const ip = await add({ black_type: 'ip', black_value: ' ' });
    expect([ip.code, ip.msg, ip.fields.black_value]).toEqual([
      'FFFF',
      'Ip address is required',
      'Ip address is required',
    ]);
    const email = await apiUntyped(bannedOps.add, { black_type: 'email' });
    expect(email.msg).toBe('Email is required');
    expect((await apiUntyped(bannedOps.add, { black_type: 'phone', black_value: '1' })).code).toBe('FFFF');
  });

  it('takes IPv4 and IPv6 addresses, and refuses anything else', async () => {
    expect((await add({ black_type: 'ip', black_value: '203.0.113.7', reason: 'abuse' })).code).toBe('0000');
    expect((await add({ black_type: 'ip', black_value: '2001:DB8:0:0::1' })).code).toBe('0000');
    for (const bad of ['203.0.113.256', 'example.com', '1.2.3', '2001:db8::g']) {
      const res = await add({ black_type: 'ip', black_value: bad });
      expect(res.msg, bad).toBe('Incorrect IP address format');
    }
    // Other test files share a PostgreSQL run's database: look for these two only.
    const stored = (await list({ black_type: 'ip', limit: '100' })).list.map((b) => b.black_value);
    expect(stored).toEqual(expect.arrayContaining(['2001:db8::1', '203.0.113.7']));
    expect(stored).not.toContain('2001:DB8:0:0::1');
    expect((await list({ kw: '203.0.113.7' })).list.map((b) => [b.black_type, b.reason])).toEqual([['ip', 'abuse']]);
  });

  it('takes an email address or an @domain, and refuses a malformed one', async () => {
    expect((await add({ black_type: 'email', black_value: 'Spammer@Example.com' })).code).toBe('0000');
    expect((await add({ black_type: 'email', black_value: '@junk.example' })).code).toBe('0000');
    // A bare domain, as the form accepts it, bans the whole domain.
    expect((await add({ black_type: 'email', black_value: 'Whole.example' })).code).toBe('0000');
    expect((await list({ kw: 'whole.example' })).list.map((b) => b.black_value)).toEqual(['@whole.example']);
    for (const bad of ['spammer@', '@', '@not a domain', 'plainword']) {
      const res = await add({ black_type: 'email', black_value: bad });
      expect(res.msg, bad).toBe('Incorrect mailbox format');
    }
  });

  it('refuses a duplicate, however it is spelled', async () => {
    await add({ black_type: 'email', black_value: 'dup@example.com' });
    const res = await add({ black_type: 'email', black_value: 'DUP@example.com' });
    expect([res.code, res.fields.black_value]).toEqual(['FFFF', 'Already in the banned list']);
    const v6 = await add({ black_type: 'ip', black_value: '2001:db8::1' });
    expect(v6.msg).toBe('Already in the banned list');
  });
});

describe('black.list / black.delete / isBanned', () => {
  it('finds by keyword and type, deletes by ids', async () => {
    const wave = `phishing wave ${Date.now()}`;
    const a = await add({ black_type: 'email', black_value: 'listme@example.net', reason: wave });
    const b = await add({ black_type: 'ip', black_value: '198.51.100.9', reason: wave });
    expect((await list({ kw: wave.toUpperCase() })).total).toBe(2);
    expect((await list({ kw: wave, black_type: 'ip' })).list.map((x) => x.black_id)).toEqual([b.data.black_id]);
    const del = await api(bannedOps.delete, { black_ids: [a.data.black_id, b.data.black_id] });
    expect([del.code, del.msg]).toEqual(['0000', 'Successfully deleted']);
    expect((await list({ kw: wave })).total).toBe(0);
    expect((await api(bannedOps.delete, { black_ids: [] })).code).toBe('FFFF');
  });

  it('tells the intake whether an email, its domain or an IP is banned', async () => {
    await add({ black_type: 'email', black_value: 'banned@shop.example' });
    await add({ black_type: 'email', black_value: '@evil.example' });
    await add({ black_type: 'ip', black_value: '192.0.2.55' });
    const db = t.database.db;
    expect(await isBanned(db, { email: 'BANNED@shop.example' })).toBe(true);
    expect(await isBanned(db, { email: 'other@shop.example' })).toBe(false);
    expect(await isBanned(db, { email: 'anyone@evil.example' })).toBe(true);
    expect(await isBanned(db, { email: 'anyone@sub.evil.example' })).toBe(false);
    expect(await isBanned(db, { ip: '192.0.2.55' })).toBe(true);
    expect(await isBanned(db, { ip: '::ffff:192.0.2.55' })).toBe(true);
    expect(await isBanned(db, { email: 'fine@ok.example', ip: '192.0.2.56' })).toBe(false);
    expect(await isBanned(db, {})).toBe(false);
  });

  it('spells addresses one way', () => {
    expect(canonicalIp('2001:0DB8:0000::0001')).toBe('2001:db8::1');
    expect(canonicalIp('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(canonicalIp('nope')).toBeNull();
  });
});
