import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { authOps, settingOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, setUpApp, t } from './kit.js';
import { type JsonSchema, nestedText, sample, typeOf, wrongValues } from './schema-sample.js';

/**
 * Every call of the API document (`/api/docs`) gets what a hostile client sends: NUL and broken
 * Unicode in each text field, JSON nested thousands deep, values of the wrong type, ids that do
 * not exist, a 2 MB body. Each answer is the contract's envelope and never 0500; every refusal
 * leaves the database as it was. The caller is an admin, so the access checks let everything
 * through to validation and the services.
 */
// Each test file has a database of its own (test/app.ts): no other file's write shows here.
setUpApp();

interface Field {
  name: string;
  schema: JsonSchema;
}
interface Op {
  method: 'GET' | 'POST';
  url: string;
  /** Path parameters, filled with plausible values. */
  path: Field[];
  fields: Field[];
  base: Record<string, unknown>;
}
interface Variant {
  what: string;
  /** The field at fault: a refusal as FFFF must name it. */
  field?: string;
  query?: Record<string, string>;
  body?: unknown;
  /** A body sent as this exact JSON text. */
  text?: string;
  url?: string;
}

/** Calls left out: multipart uploads (no JSON input) and sign-out (it would end the admin's session). */
const skipped = new Set(['/api/admin/auth.logout']);
const unknownId = 99_999_999;
/** A rule the server takes: a condition (a trigger needs one), and one the actions make false (an automation). */
const rule = (...all: unknown[]) => ({
  conditions: { all: [...all, { field: 'priority', operator: 'is_not', value: 'high' }], any: [] },
  actions: [{ action: 'set_priority', value: 'high' }],
});
const automation = () => rule({ field: 'hours_since_updated', operator: 'greater_than', value: 1 });
/** Base values a schema cannot tell (a rule across fields, a record that must exist), so that only the probed field is wrong. */
const realBase: Record<string, () => Record<string, unknown>> = {
  '/api/admin/ticket.add': () => ({ requester_email: `probe-${Date.now()}@example.com` }),
  '/api/admin/ticket.requester.tickets': () => ({ requester_id: String(adminId) }),
  '/api/admin/chat.transfer': () => ({ assignee_id: adminId }),
  '/api/admin/settings/schedule.edit': () => ({ timezone: 'UTC', intervals: [], holidays: [] }),
  '/api/admin/settings/trigger.add': () => rule(),
  '/api/admin/settings/trigger.edit': () => rule(),
  '/api/admin/settings/automation.add': automation,
  '/api/admin/settings/automation.edit': automation,
  // A file id of the right shape (22 URL-safe characters): the samples' '1' is not one.
  '/api/home/chat.attachment.get': () => ({ file_id: 'A'.repeat(22) }),
};
let adminId = 0;
const ops: Op[] = [];
/** Tables whose rows change on any signed-in call (session touch) or on refused sign-ins by design. */
const volatile = new Set(['session', 'account_visit', 'rate_limit', 'parley_migration']);
let tables: string[] = [];

beforeAll(async () => {
  adminId = (await api(authOps.myInfoGet, {})).data.account_id;
  // Raw: the OpenAPI document is not an operation; the calls to probe are read from it.
  const doc = (await t.app.inject('/api/docs')).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ name: string; in: string; required?: boolean; schema: JsonSchema }>;
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
  };
  for (const [url, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const json = op.requestBody?.content['application/json']?.schema;
      if (skipped.has(url) || (op.requestBody && !json)) {
        continue;
      }
      const params = op.parameters ?? [];
      const fields =
        method === 'get'
          ? params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema }))
          : Object.entries(json?.properties ?? {}).map(([name, schema]) => ({ name, schema }));
      const required = params.filter((p) => p.in === 'query' && p.required);
      const base =
        method === 'get'
          ? Object.fromEntries(required.map((p) => [p.name, String(sample(p.schema, p.name))]))
          : (sample(json ?? { type: 'object' }) as Record<string, unknown>);
      Object.assign(base, realBase[url]?.());
      ops.push({
        method: method.toUpperCase() as Op['method'],
        url,
        path: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        fields,
        base,
      });
    }
  }
  const rows = (await t.database.db.execute(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  )) as unknown as { rows: Array<{ name: string }> };
  tables = rows.rows.map((r) => r.name).filter((name) => !volatile.has(name));
});

/** One digest of every row of every table (and the job queue), to prove nothing was written. */
async function fingerprint(): Promise<string> {
  const parts = tables.map(
    (name) => `(SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) FROM "${name}" x)`,
  );
  parts.push(`(SELECT count(*)::text FROM pgboss.job)`);
  const res = (await t.database.db.execute(sql.raw(`SELECT md5(${parts.join(' || ')}) AS digest`))) as unknown as {
    rows: Array<{ digest: string }>;
  };
  return res.rows[0]?.digest ?? '';
}

const asQuery = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const urlOf = (op: Op, pathValue?: string) =>
  op.path.reduce(
    (url, p) => url.replace(`{${p.name}}`, encodeURIComponent(pathValue ?? String(sample(p.schema)))),
    op.url,
  );

function variants(op: Op, kind: 'nul' | 'deep' | 'wrong' | 'unknown'): Variant[] {
  const out: Variant[] = [];
  const withField = (name: string, value: unknown): Variant =>
    op.method === 'GET'
      ? { what: `${name}=${asQuery(value)}`, field: name, query: { [name]: asQuery(value) } }
      : { what: `${name}: ${JSON.stringify(value).slice(0, 40)}`, field: name, body: { ...op.base, [name]: value } };
  if (kind === 'nul') {
    for (const f of op.fields) {
      const type = typeOf(f.schema);
      if (type === 'string' || type === undefined || type === 'array' || type === 'object') {
        const bad = type === 'array' ? ['a\u0000b'] : type === 'object' ? { 'k\u0000': 'v' } : 'a\u0000b';
        out.push(withField(f.name, bad));
        // A lone surrogate cannot travel in a URL (it arrives as U+FFFD); in JSON it can.
        if (op.method === 'POST') {
          out.push(withField(f.name, type === 'array' ? ['\ud800'] : 'x\ud800y'));
        }
      }
    }
    if (op.method === 'POST') {
      out.push({ what: 'a key with NUL', body: { ...op.base, 'k\u0000': 1 } });
    }
    if (op.path.length) {
      out.push({ what: 'NUL in the path', url: urlOf(op, 'a\u0000b') });
    }
  }
  if (kind === 'deep' && op.method === 'POST') {
    const deep = nestedText(5000);
    out.push({ what: 'a body 5000 deep', text: deep });
    for (const f of op.fields) {
      const base = JSON.stringify({ ...op.base, [f.name]: 0 });
      out.push({ what: `${f.name} 5000 deep`, text: base.replace(`"${f.name}":0`, `"${f.name}":${deep}`) });
    }
  }
  if (kind === 'wrong') {
    for (const f of op.fields) {
      const type = typeOf(f.schema);
      const values =
        op.method === 'GET'
          ? type === 'integer' || type === 'number'
            ? ['true', '0x2', '[2]', '1e3', '1.5', ' 2', '-']
            : type === 'boolean'
              ? ['maybe']
              : type === 'enum'
                ? ['no-such-value']
                : []
          : wrongValues(f.schema);
      for (const value of values) {
        out.push(withField(f.name, value));
      }
    }
  }
  if (kind === 'unknown') {
    for (const f of op.fields) {
      const type = typeOf(f.schema);
      if (f.name.endsWith('_id') && type === 'integer') {
        out.push(withField(f.name, op.method === 'GET' ? String(unknownId) : unknownId));
      } else if (f.name.endsWith('_ids') && type === 'array' && op.method === 'POST') {
        out.push(withField(f.name, [unknownId]));
      }
    }
  }
  return out;
}

async function send(op: Op, v: Variant) {
  // Raw: hostile bodies, queries and URLs on purpose, outside every operation's types.
  const res = await t.app.inject({
    method: op.method,
    url: v.url ?? urlOf(op),
    headers: { authorization: admin, ...(v.text ? { 'content-type': 'application/json' } : {}) },
    ...(op.method === 'GET' ? { query: { ...(op.base as Record<string, string>), ...v.query } } : {}),
    ...(op.method === 'POST' ? { payload: v.text ?? ((v.body ?? op.base) as object) } : {}),
  });
  let body: { code?: unknown; msg?: unknown; data?: { fields?: Record<string, string> } | null } = {};
  try {
    body = res.json();
  } catch {
    body = {};
  }
  return { status: res.statusCode, code: body.code, msg: body.msg, fields: Object.keys(body.data?.fields ?? {}) };
}

/** Sends every variant of one kind to every call; lists what answered 0500, outside the envelope, accepted, or wrote. */
async function attack(kind: 'nul' | 'deep' | 'wrong' | 'unknown') {
  const problems: string[] = [];
  let sent = 0;
  for (const op of ops) {
    const list = variants(op, kind);
    if (list.length === 0) {
      continue;
    }
    const before = await fingerprint();
    for (const v of list) {
      const res = await send(op, v);
      sent++;
      const where = `${op.method} ${op.url} ${v.what}`;
      if (res.status >= 500 || res.code === '0500') {
        problems.push(`${where}: ${res.status} ${String(res.code)}`);
      } else if (typeof res.code !== 'string' || typeof res.msg !== 'string') {
        problems.push(`${where}: no envelope (${res.status})`);
      } else if (res.code === '0000') {
        problems.push(`${where}: accepted`);
      } else if (
        v.field &&
        res.code === 'FFFF' &&
        !res.fields.some((f) => f === v.field || f.startsWith(`${v.field}.`))
      ) {
        problems.push(`${where}: refused for another field (${res.fields.join(', ')}): ${String(res.msg)}`);
      }
    }
    if ((await fingerprint()) !== before) {
      problems.push(`${op.method} ${op.url}: a refused ${kind} request wrote to the database`);
    }
  }
  return { problems, sent };
}

describe('hostile input to every call of the API document', () => {
  it('reads the document', () => {
    expect(ops.length).toBeGreaterThan(90);
  });

  it('NUL and broken Unicode in any text, key or path: FFFF naming the field, nothing written', async () => {
    const { problems, sent } = await attack('nul');
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(150);
  }, 300_000);

  it('JSON nested 5000 deep in the body or any field: FFFF, nothing written', async () => {
    const { problems, sent } = await attack('deep');
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(200);
  }, 300_000);

  it('values of the wrong type (true, [[1]], "0x2" as an id): FFFF, nothing written', async () => {
    const { problems, sent } = await attack('wrong');
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(300);
  }, 300_000);

  it('ids that do not exist: refused, nothing written', async () => {
    const { problems, sent } = await attack('unknown');
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(40);
  }, 300_000);
});

/** A raw HTTP request over a socket, as a client sends it (inject would skip the socket and the URL parsing). */
function rawRequest(port: number, method: string, path: string, body?: string) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, headers: { authorization: admin, 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('requests refused before any route runs, over a real socket', () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it('a 2 MB JSON body to every POST call: 413 in the envelope, nothing written', async () => {
    const huge = JSON.stringify({ group_name: 'x'.repeat(2 * 1024 * 1024) });
    const before = await fingerprint();
    const problems: string[] = [];
    for (const op of ops.filter((o) => o.method === 'POST')) {
      // Raw: a 2 MB body over a socket, on purpose.
      const res = await rawRequest(port, 'POST', urlOf(op), huge);
      const json = JSON.parse(res.body || '{}') as { code?: string; msg?: string };
      if (res.status !== 413 || json.code !== 'FFFF' || json.msg !== 'The request is too large') {
        problems.push(`${op.url}: ${res.status} ${res.body.slice(0, 80)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await fingerprint()).toBe(before);
  }, 120_000);

  it('a URL that does not decode and a path parameter over the router limit: the envelope, with the API headers', async () => {
    // Raw: URLs no client library would send, over a socket.
    const bad = await rawRequest(port, 'GET', '/api/home/file/avatar/%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({ code: 'FFFF', msg: 'The address of the request is not valid', data: null });
    expect(bad.headers['referrer-policy']).toBe('no-referrer');
    const long = await rawRequest(port, 'GET', `/api/home/file/avatar/${'a'.repeat(500)}`);
    // FFFF is 400 (413 and 429 aside) in the contract's table: not 414.
    expect(long.status).toBe(400);
    expect(JSON.parse(long.body)).toEqual({ code: 'FFFF', msg: 'The address of the request is not valid', data: null });
  });

  it('common.edit with setting_value null: FFFF naming the field, where the database refused it with 0500', async () => {
    const res = await api(settingOps.commonEdit, {
      setting_module: 'widget',
      setting_key: 'probe',
      setting_value: null,
    });
    expect(res.code).toBe('FFFF');
    expect(Object.keys(res.fields)).toEqual(['setting_value']);
  });
});
