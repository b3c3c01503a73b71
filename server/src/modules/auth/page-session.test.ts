import { authOps } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/app.js';
import { admin, setUpApp, t } from '../../../test/kit.js';
import { pageSessionHeader, pageSessionValue } from './page-session.js';
import { hashToken } from './token.js';

setUpApp();

const myInfo = authOps.myInfoGet.path;

// The drawn ticket list's cookie holds the token's hash (decision 0019): the page's own calls may
// name a session by it; no client can, with or without the header.
describe('the page session header', () => {
  it('names the session by its token hash for the process that made it', async () => {
    const res = await call(t.app, 'GET', myInfo, {
      headers: { [pageSessionHeader]: pageSessionValue(hashToken(admin)) },
    });
    expect(res.code).toBe('0000');
  });

  it('is refused with another secret, and the hash is no token', async () => {
    const hash = hashToken(admin);
    for (const value of [`${'A'.repeat(43)}.${hash}`, `.${hash}`, hash, `${pageSessionValue(hash)}x`]) {
      const res = await call(t.app, 'GET', myInfo, { headers: { [pageSessionHeader]: value } });
      expect(res.code, value).toBe('0401');
    }
    // What the cookie holds, sent as a token: the API hashes it again and knows no such session.
    expect((await call(t.app, 'GET', myInfo, { token: hash })).code).toBe('0401');
  });
});
