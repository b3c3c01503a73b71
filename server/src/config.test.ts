import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration from the environment', () => {
  it('has defaults for a start with nothing set', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.databasePoolSize).toBe(10);
    expect(c.logLevel).toBe('info');
    expect(c.logFormat).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });

  it('trusts no proxy unless told, and reads the limits', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.1, 172.16.0.0/12,loopback' }).trustedProxies).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'loopback',
    ]);
    expect(loadConfig({}).limits).toMatchObject({
      publicTicket: 20,
      loginPerEmailAddress: 10,
      loginBackoffSeconds: 30,
    });
    expect(loadConfig({ PUBLIC_TICKET_LIMIT: '500' }).limits.publicTicket).toBe(500);
    expect(loadConfig({}).limits).toMatchObject({ forgotPerEmail: 3, forgotPerAddress: 20 });
    expect(loadConfig({ PASSWORD_RESET_LIMIT_PER_EMAIL: '5' }).limits.forgotPerEmail).toBe(5);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_POOL_SIZE', 'many'],
    ['REDIS_URL', 'http://x'],
    ['PUBLIC_URL', 'not a url'],
    ['ADMIN_EMAIL', 'nobody'],
    ['ADMIN_PASSWORD', '1234'],
    ['LOG_LEVEL', 'loud'],
    ['LOG_FORMAT', 'xml'],
    ['TRUSTED_PROXIES', 'everyone'],
    ['TRUSTED_PROXIES', '10.0.0.0/99'],
    ['PUBLIC_TICKET_LIMIT', '0'],
    ['LOGIN_LIMIT_PER_EMAIL_ADDRESS', 'ten'],
    ['PASSWORD_RESET_LIMIT_PER_ADDRESS', '0'],
    ['PASSWORD_HASH_COST', '9'],
    ['PASSWORD_HASH_COST', '17'],
    ['PASSWORD_HASH_COST', 'strong'],
  ])('stops on a bad %s and names it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}:`));
  });
});
