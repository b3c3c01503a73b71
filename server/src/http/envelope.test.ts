import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authOps, homeOps, type TOpInput } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, callOp, signInAdmin, type TestApp } from '../../test/app.js';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Parley SPA</title>');
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await buildTestApp({ webDist });
  // A route that fails the way a bug would, to see what the client gets.
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('envelope and error codes', () => {
  it('answers an unknown /api route with 0404 and HTTP 404', async () => {
    // Raw: a path no operation has.
    const res = await call(t.app, 'GET', '/api/admin/no.such.call');
    expect(res.status).toBe(404);
    expect(res.code).toBe('0404');
    expect(res.data).toBeNull();
  });

  it('answers malformed JSON with FFFF, never a 500', async () => {
    // Raw: a body no operation call can send (cut-off JSON).
    const res = await call(t.app, 'POST', '/api/admin/auth.login', {
      body: '{"email": "a@b.co", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.code).toBe('FFFF');
    expect(res.msg).toBe('The request body is not valid JSON');
  });

  it('answers wrong types with FFFF and the fields named, in the request language', async () => {
    const res = await callOp(
      t.app,
      authOps.login,
      // Outside the contract's types, on purpose.
      { email: 'not-an-email', password: 42, stay_login: 'maybe' } as unknown as TOpInput<typeof authOps.login>,
      { lang: 'zh-cn' },
    );
    expect(res.status).toBe(400);
    expect(res.code).toBe('FFFF');
    const fields = res.fields;
    expect(fields.email).toBe('邮箱格式不正确');
    expect(fields.password).toBe('值无效');
    expect(fields.stay_login).toBe('值无效');
    expect(res.msg).toBe('邮箱格式不正确');
  });

  it('answers a body that is not an object with FFFF', async () => {
    for (const body of ['[1,2]', '"text"', 'null', '7']) {
      // Raw: JSON that is not an object, which no operation call sends.
      const res = await call(t.app, 'POST', '/api/home/enums.get', {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, body).toBe(400);
      expect(res.code, body).toBe('FFFF');
    }
  });

  it('answers an oversize body with FFFF and HTTP 413', async () => {
    // Raw: a hand-made oversize body.
    const res = await call(t.app, 'POST', '/api/home/enums.get', {
      body: JSON.stringify({ enum_types: ['x'.repeat(2 * 1024 * 1024)] }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.code).toBe('FFFF');
  });

  it('answers an unsupported content type with FFFF', async () => {
    // Raw: a form-encoded body, which no operation call sends.
    const res = await call(t.app, 'POST', '/api/home/enums.get', {
      body: 'enum_types=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(400);
    expect(res.code).toBe('FFFF');
  });

  it('accepts POST parameters in the query as well as the body', async () => {
    const token = await signInAdmin(t.app);
    // Raw: the parameters in the query string of a POST; an operation call sends them as the body.
    const res = await call<{ has_auth: boolean }>(
      t.app,
      'POST',
      '/api/admin/auth.check?node_value=/wswt/setting/people',
      {
        token,
      },
    );
    expect(res.code).toBe('0000');
    expect(res.data.has_auth).toBe(true);
  });
});

describe('unexpected failures', () => {
  it('answers 0500 with a request id and no stack', async () => {
    const database = t.database;
    const { buildApp } = await import('../app.js');
    const app = await buildApp({ database, webDist });
    app.get('/api/home/boom', { config: { access: { kind: 'public' } } }, async () => {
      throw new Error('secret internals at /srv/parley/db.ts:42');
    });
    await app.ready();
    // Raw: a route this test registers, not an operation.
    const res = await call<{ request_id: string }>(app, 'GET', '/api/home/boom');
    await app.close();
    expect(res.status).toBe(500);
    expect(res.code).toBe('0500');
    expect(res.data.request_id).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(JSON.stringify(res)).not.toContain('secret internals');
  });

  it('answers 0500 when a call fails or its answer does not fit its schema, and keeps serving', async () => {
    const { buildApp } = await import('../app.js');
    const { defineGet } = await import('./route.js');
    const { z } = await import('zod');
    const app = await buildApp({ database: t.database, webDist });
    const common = { access: { kind: 'public' } as const, summary: 'test', output: z.object({ name: z.string() }) };
    defineGet(app, '/api/home/fails', {
      ...common,
      handler: async () => {
        throw new Error('secret internals');
      },
    });
    defineGet(app, '/api/home/throws-text', {
      ...common,
      handler: async () => {
        throw 'secret internals';
      },
    });
    // A bug that answers the wrong shape: the serializer refuses it.
    defineGet(app, '/api/home/wrong-shape', { ...common, handler: async () => ({}) as { name: string } });
    defineGet(app, '/api/home/fine', { ...common, handler: async () => ({ name: 'ok' }) });
    await app.ready();
    for (const url of ['/api/home/fails', '/api/home/throws-text', '/api/home/wrong-shape']) {
      // Raw: routes this test registers, not operations.
      const res = await call<{ request_id: string }>(app, 'GET', url);
      expect(res.status, url).toBe(500);
      expect(res.code, url).toBe('0500');
      expect(res.data.request_id, url).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
      expect(JSON.stringify(res), url).not.toContain('secret internals');
    }
    const fine = await call<{ name: string }>(app, 'GET', '/api/home/fine'); // raw: a test route, no operation
    await app.close();
    expect(fine.code).toBe('0000');
    expect(fine.data.name).toBe('ok');
  });
});

describe('the web app and security headers', () => {
  it('serves index.html for every path outside /api (history fallback)', async () => {
    for (const url of ['/', '/wswt', '/wswt/setting/people', '/home/satisfaction?token=x', '/page_not_found']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Parley SPA');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('serves built assets with a long cache and the API with no-store', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await callOp(t.app, homeOps.languages, {});
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    // Like the pages, API answers say who may frame them and what a followed link may learn (issue #14).
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['referrer-policy']).toBe('no-referrer');
  });

  it('publishes an OpenAPI document of the calls at /api/docs', async () => {
    // Raw: the OpenAPI document is not an operation.
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/admin/auth.login', '/api/home/languages', '/api/admin/auth.pkg.edit']),
    );
    expect(JSON.stringify(doc.paths['/api/admin/auth.login'])).toContain('stay_login');
  });
});
