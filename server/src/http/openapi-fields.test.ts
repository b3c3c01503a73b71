import { opGroups, type TOp } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';

type TJson = {
  description?: string;
  properties?: Record<string, TJson>;
  items?: TJson;
  anyOf?: TJson[];
  oneOf?: TJson[];
  allOf?: TJson[];
};
interface TDocCall {
  parameters?: Array<{ name: string; in: string; description?: string; schema?: TJson }>;
  requestBody?: { content: Record<string, { schema: TJson }> };
  responses: Record<string, { content?: Record<string, { schema: TJson }> }>;
}

/** The fields under `schema` (`where.a.b`) that the document leaves without a description. */
function undocumented(schema: TJson | undefined, where: string, out: string[]): void {
  if (!schema) {
    return;
  }
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    if (!field.description) {
      out.push(`${where}.${name}`);
    }
    undocumented(field, `${where}.${name}`, out);
  }
  undocumented(schema.items, `${where}[]`, out);
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    undocumented(branch, where, out);
  }
}

/**
 * Operation groups converted before their contracts' fields were described: each is taken off
 * as its fields get `.describe()`. Every other operation must document every field.
 */
const notYetDescribed = new Set<string>();

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the OpenAPI document at /api/docs', () => {
  it("describes every field of every operation's input and answer, from the contracts' schemas", async () => {
    // Raw: the OpenAPI document is not an operation.
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const doc = res.json() as { paths: Record<string, Record<string, TDocCall>> };
    const missing: string[] = [];
    const ops = Object.entries(opGroups)
      .filter(([group]) => !notYetDescribed.has(group))
      .flatMap(([, group]) => Object.values(group) as TOp[]);
    for (const op of ops) {
      const entry = doc.paths[op.path]?.[op.method.toLowerCase()];
      expect(entry, `${op.method} ${op.path} is in the document`).toBeDefined();
      if (!entry) {
        continue;
      }
      const name = `${op.method} ${op.path}`;
      for (const p of entry.parameters ?? []) {
        if (!p.description && !p.schema?.description) {
          missing.push(`${name} ?${p.name}`);
        }
        undocumented(p.schema, `${name} ?${p.name}`, missing);
      }
      undocumented(entry.requestBody?.content['application/json']?.schema, `${name} body`, missing);
      const answer = entry.responses['200']?.content?.['application/json']?.schema;
      undocumented(answer?.properties?.data, `${name} data`, missing);
    }
    expect(missing).toEqual([]);
  });
});
