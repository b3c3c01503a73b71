// Two cookies for the server's drawing of the ticket list (decision 0019): the session's token and
// the device's language, kept in step with what this app keeps in localStorage (storage.ts writes
// them when it writes those). Only `GET /wswt` reads them: the API still takes the token in the
// Authorization header alone, so a cookie can make no call.

/** The names the server reads (server/src/http/list-preview/cookies.ts). */
export const cookieNames = { session: 'parley_session', language: 'parley_lang' } as const;

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
