import { paths } from '../routes/table';

/**
 * Where to go after signing in: `next` only when it is a path on this site, otherwise the
 * staff home. Stops `?next=//evil.example` and friends from sending a fresh session away.
 */
export function safeNext(next: string | null | undefined, origin: string): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return paths.index;
  }
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return paths.index;
  }
  if (url.origin !== origin || url.pathname === paths.login) {
    return paths.index;
  }
  return url.pathname + url.search + url.hash;
}
