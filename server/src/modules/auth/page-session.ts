import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isTokenHash } from './token.js';

/**
 * The drawn ticket list's credential (decision 0019): the browser's `parley_session` cookie holds
 * the token's hash (as the session table keeps it), never the token, so a cookie that reaches
 * another service on the same host cannot call the API, which hashes what it is given. The page
 * asks the API's calls for that session through `app.inject` with this header, whose first part
 * only this process knows (made at start, never sent out): nothing from outside can use it.
 */
export const pageSessionHeader = 'x-parley-page-session';

const secret = randomBytes(32).toString('base64url');
const secretBytes = Buffer.from(secret);

export function pageSessionValue(tokenHash: string): string {
  return `${secret}.${tokenHash}`;
}

/** The session's token hash the header names, when it carries this process's secret; else null. */
export function pageSessionHash(header: unknown): string | null {
  if (typeof header !== 'string') {
    return null;
  }
  const dot = header.indexOf('.');
  const given = Buffer.from(header.slice(0, Math.max(0, dot)));
  if (dot < 0 || given.length !== secretBytes.length || !timingSafeEqual(given, secretBytes)) {
    return null;
  }
  const hash = header.slice(dot + 1);
  return isTokenHash(hash) ? hash : null;
}
