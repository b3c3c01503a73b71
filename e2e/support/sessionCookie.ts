import { createHash } from 'node:crypto';

/** What the app's session cookie holds for `token` (web/src/auth/cookies.ts): its hash, never the token. */
export const sessionCookieValue = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The session cookie as a browser context's storage state holds it, for the server at `baseURL`. */
export const sessionCookie = (token: string, baseURL: string) => ({
  name: 'parley_session',
  value: sessionCookieValue(token),
  domain: new URL(baseURL).hostname,
  path: '/wswt',
  expires: -1,
  httpOnly: false,
  secure: false,
  sameSite: 'Lax' as const,
});
