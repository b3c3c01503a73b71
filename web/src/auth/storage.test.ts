import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore, languageStore, local, sessionTtl } from './storage';

afterEach(() => {
  localStorage.clear();
});

describe('storage', () => {
  it('reads an expired value as absent and forgets it', () => {
    local.set('x', 'v', 1000, 10_000);
    expect(local.get('x', 10_999)).toBe('v');
    expect(local.get('x', 11_000)).toBeNull();
    expect(localStorage.getItem('parley.x')).toBeNull();
  });

  it('keeps a value without expiry', () => {
    local.set('y', { a: 1 });
    expect(local.get('y', Number.MAX_SAFE_INTEGER)).toEqual({ a: 1 });
  });

  it('reads garbage as absent', () => {
    localStorage.setItem('parley.z', '{not json');
    expect(local.get('z')).toBeNull();
  });

  it('keeps a "stay signed in" token for 30 days and another for 12 hours', () => {
    const now = Date.now();
    authStore.save({ token: 't1', real_name: 'Ada', timezone: 'UTC', stay_login: true });
    expect(local.get('token', now + sessionTtl.stay - 60_000)).toBe('t1');
    authStore.save({ token: 't2', real_name: 'Ada', timezone: 'UTC', stay_login: false });
    expect(local.get('token', now + sessionTtl.short - 60_000)).toBe('t2');
    expect(local.get('token', now + sessionTtl.short + 60_000)).toBeNull();
  });

  it('clear() removes the token and the name', () => {
    authStore.save({ token: 't', real_name: 'Ada', timezone: 'UTC', stay_login: false });
    authStore.clear();
    expect(authStore.token()).toBeNull();
    expect(authStore.realName()).toBeNull();
  });

  // The server draws the ticket list's first paint with them (decision 0019): they follow the token.
  it('keeps the session and language cookies in step with the token and the language', async () => {
    const was = window.location.href;
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('http://localhost/wswt');
    try {
      authStore.save({ token: 'token-abc', real_name: 'Ada', timezone: 'UTC', stay_login: false });
      // The token's hash as the server keeps it (base64url SHA-256), never the token.
      const hash = createHash('sha256').update('token-abc').digest('base64url');
      await vi.waitFor(() => expect(document.cookie).toContain(`parley_session=${hash}`));
      expect(document.cookie).not.toContain('token-abc');
      languageStore.set('zh-cn');
      expect(document.cookie).toContain('parley_lang=zh-cn');
      authStore.clear();
      expect(document.cookie).not.toContain('parley_session');
      expect(document.cookie).toContain('parley_lang=zh-cn');
    } finally {
      languageStore.set('en');
      (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(was);
    }
  });
});
