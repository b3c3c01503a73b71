// Two cookies for the server's drawing of the ticket list (decision 0019): the session's token
// hash and the device's language, kept in step with what this app keeps in localStorage (storage.ts
// writes them when it writes those). Only `GET /wswt` reads them. The cookie never holds the token:
// its hash is what the server keeps of a session, and the API, which hashes what it is given,
// takes no hash, so a cookie that reaches another service on the same host calls nothing.

import { listPreviewCookies } from '@parley/contracts';

/** The names the server reads (server/src/http/list-preview/cookies.ts). */
export const cookieNames = listPreviewCookies;

export function writeCookie(name: string, value: string, maxAgeMs: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const maxAge = Math.max(0, Math.floor(maxAgeMs / 1000));
  // biome-ignore lint/suspicious/noDocumentCookie: two plain values; the Cookie Store API is not in every browser.
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/wswt; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}

export function clearCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: as above.
  document.cookie = `${name}=; Path=/wswt; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}

/** SHA-256 of the token, base64url, as the server hashes it; null where the browser has no Web Crypto (plain http). */
async function tokenHash(token: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) {
    return null;
  }
  const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(token)));
  let binary = '';
  for (const byte of digest) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The session cookie for `token`, written once its hash is known, if the token is still the one
 * stored then (`current`): a sign-out meanwhile must not bring the cookie back.
 */
export function writeSessionCookie(token: string, maxAgeMs: number, current: () => string | null): void {
  void tokenHash(token).then(
    (hash) => {
      if (hash && current() === token) {
        writeCookie(cookieNames.session, hash, maxAgeMs);
      }
    },
    () => {},
  );
}
