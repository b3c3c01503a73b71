import zlib from 'node:zlib';
import { homeOps } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { apiCompressionThreshold } from './compress.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

// The OpenAPI document is a large public JSON answer; the language list a small one.
const large = '/api/docs';
const small = homeOps.languages.path;
// Raw inject: the tests read the compressed bytes, which an operation call would decode as JSON.
const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('compressed API answers', () => {
  it('sends a large answer with brotli when the client accepts it, the same JSON once decoded', async () => {
    const plain = await get(large);
    expect(plain.rawPayload.length).toBeGreaterThan(apiCompressionThreshold);
    const br = await get(large, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('falls back to gzip, and sends it as it is when nothing (or only br;q=0) is accepted', async () => {
    const gz = await get(large, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual((await get(large)).json());
    const none = await get(large, 'br;q=0, identity');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toHaveProperty('openapi');
  });

  it('leaves a small answer as it is: compressing it would cost more than it saves', async () => {
    const res = await get(small, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(apiCompressionThreshold);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: '0000' });
  });
});
