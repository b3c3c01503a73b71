import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

const r = 8;
const p = 1;
const keyLength = 32;

/**
 * scrypt's N for new hashes, 2^PASSWORD_HASH_COST: 2^14 by default (~100 ms of one core). The
 * variable is checked at start (config.ts); the suites set 10 (`npm test`'s server pass made ~780
 * a run: 130 → 107 s of its CPU), as Laravel's tests lower BCRYPT_ROUNDS. A stored hash keeps the
 * parameters it was made with, so a change of cost never locks anyone out.
 */
export function passwordCost(env: NodeJS.ProcessEnv = process.env): number {
  const cost = Number(env.PASSWORD_HASH_COST || defaultPasswordCost);
  return Number.isInteger(cost) && cost >= minPasswordCost && cost <= maxPasswordCost ? cost : defaultPasswordCost;
}
export const defaultPasswordCost = 14;
export const minPasswordCost = 10;
export const maxPasswordCost = 16;

/** Room for scrypt's 128·N·r bytes, twice over: Node's default cap (32 MB) refuses N = 2^16. */
const memoryFor = (n: number, rr: number) => 256 * n * rr;

/** `scrypt$N$r$p$salt$key`, base64url parts: the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const N = 2 ** passwordCost();
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, keyLength, { N, r, p, maxmem: memoryFor(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A hash of nothing at the current cost: verifying against it costs the same time as a real check. */
const decoys = new Map<number, string>();
function decoy(): string {
  const N = 2 ** passwordCost();
  let hash = decoys.get(N);
  if (!hash) {
    hash = `scrypt$${N}$${r}$${p}$${randomBytes(16).toString('base64url')}$${randomBytes(keyLength).toString('base64url')}`;
    decoys.set(N, hash);
  }
  return hash;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? decoy()).split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    return false;
  }
  const [, n, rr, pp, salt, key] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
    maxmem: memoryFor(Number(n), Number(rr)),
  });
  return stored !== null && timingSafeEqual(expected, actual);
}
