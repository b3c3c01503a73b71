import { domainPattern, emailPattern, type TBlackType, type TMessageKey } from '@parley/contracts';

const ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isIpv6(value: string): boolean {
  if (!/^[0-9a-f:.]+$/i.test(value) || !value.includes(':')) {
    return false;
  }
  try {
    // The URL parser knows IPv6 in all its spellings.
    return new URL(`http://[${value}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** An email address, `@domain` or `domain`. */
export function isEmailOrDomain(value: string): boolean {
  const v = value.trim().toLowerCase();
  return emailPattern.test(v) || domainPattern.test(v.replace(/^@/, ''));
}

/** What is wrong with a banned value of this type, or null (the server checks the same). */
export function bannedValueProblem(type: TBlackType, raw: unknown): TMessageKey | null {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (type === 'ip') {
    if (value === '') {
      return 'required_ip';
    }
    return ipv4.test(value) || isIpv6(value) ? null : 'ip_invalid';
  }
  if (value === '') {
    return 'required_email';
  }
  return isEmailOrDomain(value) ? null : 'email_format';
}
