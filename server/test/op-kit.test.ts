import { tagOps } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, setUpApp } from './kit.js';

setUpApp();

// The kit's `api(op, input, token)` is what the tests lean on: it must check answers, not pass them through.
describe('the operations test kit', () => {
  it('answers the typed data of a success, and the fields of a refusal', async () => {
    const ok = await api(tagOps.list, { kw: 'nothing-like-this-tag' });
    expect([ok.status, ok.code, ok.fields]).toEqual([200, '0000', {}]);
    expect(ok.data.list).toEqual([]);
    const refused = await api(tagOps.add, { tag_name: '  ' });
    expect([refused.code, refused.fields]).toEqual(['FFFF', { tag_name: 'Tag name is required' }]);
    expect((await api(tagOps.list, {}, null)).code).toBe('0401');
  });

  it('fails a test whose call answers outside the contract', async () => {
    const stricter = { ...tagOps.list, output: z.object({ list: z.array(z.never()), nothing: z.string() }) };
    await expect(api(stricter, {})).rejects.toThrow(/answered outside its contract/);
  });
});
