import { createHash } from 'node:crypto';

/** What the app's session cookie holds for `token` (web/src/auth/cookies.ts): its hash, never the token. */
export const sessionCookieValue = (token: string) => createHash('sha256').update(token).digest('base64url');
