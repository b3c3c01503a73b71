import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits; only the SHA-256 of a token is stored, so a leaked table signs nobody in. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Whether `value` has the form `hashToken` gives (43 base64url characters). */
export function isTokenHash(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** Reads `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) {
    return null;
  }
  const value = header.startsWith('Bearer ') ? header.slice(7) : header;
  const token = value.trim();
  return token.length >= 20 && token.length <= 200 ? token : null;
}

export const sessionIdleMs = 12 * 60 * 60 * 1000;
export const stayLoginMs = 30 * 24 * 60 * 60 * 1000;
/** A session's last use is written at most this often, so reads stay reads. */
export const touchEveryMs = 60 * 1000;
