import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, passwordCost, verifyPassword } from './password.js';

// The suites hash at PASSWORD_HASH_COST 10 (vitest.config.ts); these tests set it themselves.
const suiteCost = process.env.PASSWORD_HASH_COST;
afterEach(() => {
  process.env.PASSWORD_HASH_COST = suiteCost;
});

const nOf = (hash: string) => Number(hash.split('$')[1]);

describe('password hashes', () => {
  it('are scrypt with N = 2^14 unless PASSWORD_HASH_COST says otherwise', async () => {
    delete process.env.PASSWORD_HASH_COST;
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    process.env.PASSWORD_HASH_COST = '12';
    expect(nOf(await hashPassword('correct horse'))).toBe(4096);
  });

  it('keep their own cost: a hash made at one cost verifies after the cost changed', async () => {
    process.env.PASSWORD_HASH_COST = '10';
    const cheap = await hashPassword('battery staple');
    process.env.PASSWORD_HASH_COST = '15';
    expect(await verifyPassword('battery staple', cheap)).toBe(true);
    const dear = await hashPassword('battery staple');
    expect(nOf(dear)).toBe(32768);
    process.env.PASSWORD_HASH_COST = '10';
    expect(await verifyPassword('battery staple', dear)).toBe(true);
    expect(await verifyPassword('battery', dear)).toBe(false);
  });

  it('never match a missing or malformed hash, and ignore a cost out of range', async () => {
    expect(await verifyPassword('anything', null)).toBe(false);
    expect(await verifyPassword('anything', 'md5$abc')).toBe(false);
    expect(passwordCost({ PASSWORD_HASH_COST: '30' })).toBe(14);
    expect(passwordCost({ PASSWORD_HASH_COST: '' })).toBe(14);
    expect(passwordCost({ PASSWORD_HASH_COST: '11' })).toBe(11);
  });
});
