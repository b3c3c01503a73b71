import { listPreviewCookies as cookieNames, parseLanguage, type TLanguage } from '@parley/contracts';
import { isTokenHash } from '../../modules/auth/token.js';

/**
 * The cookies the web app keeps beside its localStorage for this page (web/src/auth/cookies.ts):
 * the session's token hash (a credential for this page alone: modules/auth/page-session.ts), the
 * device's language and the view last chosen on it. Only `GET /wswt` reads them; the API takes the
 * token in the Authorization header alone, so a cookie can make no call.
 */
export interface PreviewCookies {
  /** The session's token hash (base64url SHA-256: the cookie never holds the token itself). */
  token: string | null;
  language: TLanguage | null;
  /** The view the agent last chose on this device (the list opens in it when the address names none). */
  viewId: number | null;
}

export function readPreviewCookies(header: string | undefined): PreviewCookies {
  const found: PreviewCookies = { token: null, language: null, viewId: null };
  if (!header || header.length > 8192) {
    return found;
  }
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) {
      continue;
    }
    const name = part.slice(0, at).trim();
    let value: string;
    try {
      value = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      continue;
    }
    if (name === cookieNames.session && isTokenHash(value)) {
      found.token = value;
    } else if (name === cookieNames.language && value) {
      found.language = parseLanguage(value);
    } else if (name === cookieNames.view && /^[1-9]\d{0,9}$/.test(value)) {
      found.viewId = Number(value);
    }
  }
  return found;
}
