import { domainPattern } from './company.js';
import type { TBannedType } from './enums.js';
import type { TMessageKey } from './messages.js';
import { emailPattern } from './plain.js';

// Address rules checked on both sides (the banned list, the CC and follower blocklist): one
// definition here, used by the server to decide and by the web to warn before sending.

const ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** One spelling per address: IPv4 as is, IPv6 compressed and lower case, IPv4-mapped IPv6 as IPv4; null if not an IP. */
export function canonicalIp(raw: string): string | null {
  const bare = raw.trim().replace(/^\[|\]$/g, '');
  if (ipv4.test(bare)) {
    return bare;
  }
  if (!/^[0-9a-fA-F:.]+$/.test(bare) || !bare.includes(':')) {
    return null;
  }
  let host: string;
  try {
    // The URL parser knows IPv6 in all its spellings, in Node and in browsers alike.
    host = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (mapped) {
    const hi = Number.parseInt(mapped[1] as string, 16);
    const lo = Number.parseInt(mapped[2] as string, 16);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return host;
}

/**
 * An address entry as stored: `name@domain` or `@domain`, lower case. A bare `domain` means
 * the whole domain and is stored as `@domain`. Null when the entry is neither.
 */
export function normaliseAddressEntry(raw: string): string | null {
  const lower = raw.trim().toLowerCase();
  if (lower.includes('@') && !lower.startsWith('@')) {
    return emailPattern.test(lower) ? lower : null;
  }
  const domain = lower.replace(/^@/, '');
  return domainPattern.test(domain) ? `@${domain}` : null;
}

/** Whether a stored entry (`name@domain` or `@domain`) covers this email address. */
export function entryMatches(entry: string, email: string): boolean {
  const lower = email.trim().toLowerCase();
  return entry.startsWith('@')
    ? lower.endsWith(entry) && lower.indexOf('@') === lower.length - entry.length
    : entry === lower;
}

/** A banned-list value of its type, as stored, or the spec's message for what is wrong. */
export function parseBannedValue(
  type: TBannedType,
  raw: unknown,
): { ok: true; value: string } | { ok: false; message: TMessageKey } {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (type === 'ip') {
    if (value === '') {
      return { ok: false, message: 'required_ip' };
    }
    const ip = canonicalIp(value);
    return ip ? { ok: true, value: ip } : { ok: false, message: 'ip_invalid' };
  }
  if (value === '') {
    return { ok: false, message: 'required_email' };
  }
  const entry = normaliseAddressEntry(value);
  return entry ? { ok: true, value: entry } : { ok: false, message: 'email_format' };
}

/**
 * The CC and follower blocklist as typed (entries separated by spaces, commas or semicolons):
 * its stored form (entries normalised, duplicates gone, one space apart), or the first bad entry.
 */
export function parseBlocklist(text: string): { ok: true; value: string } | { ok: false; entry: string } {
  const out: string[] = [];
  for (const raw of text.split(/[\s,;]+/).filter(Boolean)) {
    const entry = normaliseAddressEntry(raw);
    if (!entry) {
      return { ok: false, entry: raw };
    }
    if (!out.includes(entry)) {
      out.push(entry);
    }
  }
  return { ok: true, value: out.join(' ') };
}

/** The first of `emails` that a stored blocklist covers, or null. */
export function blockedEmail(blocklist: string, emails: readonly string[]): string | null {
  const entries = blocklist
    .split(/\s+/)
    .filter(Boolean)
    .map((e) => normaliseAddressEntry(e) ?? e);
  return emails.find((email) => entries.some((entry) => entryMatches(entry, email))) ?? null;
}
