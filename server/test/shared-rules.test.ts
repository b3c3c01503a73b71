import {
  blockedEmail,
  canonicalIp,
  extensionsOf,
  imageRules,
  maxUploadBytes,
  normaliseAddressEntry,
  parseBannedValue,
  parseBlocklist,
} from '@parley/contracts';
import { describe, expect, it } from 'vitest';

// The rules both the server and the web apply come from contracts; these tests pin each one.

describe('banned values', () => {
  it('IP addresses in one spelling; anything else is refused with the spec message', () => {
    expect(parseBannedValue('ip', ' 203.0.113.7 ')).toEqual({ ok: true, value: '203.0.113.7' });
    expect(parseBannedValue('ip', '2001:0DB8:0000::0001')).toEqual({ ok: true, value: '2001:db8::1' });
    expect(parseBannedValue('ip', '::ffff:10.0.0.1')).toEqual({ ok: true, value: '10.0.0.1' });
    for (const bad of ['203.0.113.256', 'example.com', '1.2.3', '2001:db8::g', '01.2.3.4']) {
      expect(parseBannedValue('ip', bad), bad).toEqual({ ok: false, message: 'ip_invalid' });
    }
    expect(parseBannedValue('ip', '')).toEqual({ ok: false, message: 'required_ip' });
  });

  it('emails and domains: an address, @domain or a bare domain (stored as @domain)', () => {
    expect(parseBannedValue('email', 'Spammer@Example.com')).toEqual({ ok: true, value: 'spammer@example.com' });
    expect(parseBannedValue('email', '@junk.example')).toEqual({ ok: true, value: '@junk.example' });
    expect(parseBannedValue('email', 'example.com')).toEqual({ ok: true, value: '@example.com' });
    for (const bad of ['spammer@', '@', '@not a domain', 'plainword', 'a@b@c.com']) {
      expect(parseBannedValue('email', bad), bad).toEqual({ ok: false, message: 'email_format' });
    }
    expect(parseBannedValue('email', '  ')).toEqual({ ok: false, message: 'required_email' });
    expect(canonicalIp('nope')).toBeNull();
  });
});

describe('the CC and follower blocklist', () => {
  it('normalises entries, drops duplicates and names the first bad one', () => {
    expect(parseBlocklist('Spam@X.com, @bad.org;bad.org  junk.net')).toEqual({
      ok: true,
      value: 'spam@x.com @bad.org @junk.net',
    });
    expect(parseBlocklist('ok.com not_a_domain other.com')).toEqual({ ok: false, entry: 'not_a_domain' });
    expect(parseBlocklist('')).toEqual({ ok: true, value: '' });
  });

  it('matches an address or its whole domain, never a look-alike', () => {
    const list = '@bad.org spam@x.com legacy.net';
    expect(blockedEmail(list, ['fine@ok.com', 'Someone@BAD.org'])).toBe('Someone@BAD.org');
    expect(blockedEmail(list, ['spam@x.com'])).toBe('spam@x.com');
    expect(blockedEmail(list, ['a@legacy.net'])).toBe('a@legacy.net');
    expect(blockedEmail(list, ['other@x.com', 'a@notbad.org', 'a@sub.bad.org'])).toBeNull();
    expect(normaliseAddressEntry('Sub.Example.COM')).toBe('@sub.example.com');
  });
});

describe('uploads', () => {
  it('20M at most, and each image kind its spec rule', () => {
    expect(maxUploadBytes).toBe(20 * 1024 * 1024);
    expect(imageRules.avatar.fits(99, 99)).toBe(true);
    expect(imageRules.avatar.fits(100, 99)).toBe(false);
    expect(imageRules.favicon.fits(256, 256)).toBe(true);
    expect(imageRules.favicon.fits(257, 16)).toBe(false);
    expect(imageRules.ad_image.fits(1000, 4000)).toBe(true);
    expect(imageRules.ad_image.fits(999, 100)).toBe(false);
    expect(extensionsOf(imageRules.ad_image.types)).toEqual(['png', 'jpg', 'jpeg', 'webp']);
  });
});
