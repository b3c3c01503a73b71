import { homeCalls, homeOps, type THomeCallName } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { homeGuards } from './homeGuards';
import type { TKind } from './shape';

type TJson = { type?: string; properties?: Record<string, TJson>; required?: string[]; anyOf?: TJson[] };

/** The light kind of a JSON schema: what `shape` can check of it. */
function kindOf(schema: TJson): TKind | 'other' {
  const types = schema.anyOf ? schema.anyOf.map((b) => b.type) : [schema.type];
  const key = types.sort().join('|');
  const kinds: Record<string, TKind> = {
    string: 'string',
    number: 'number',
    integer: 'number',
    boolean: 'boolean',
    array: 'array',
    object: 'object',
    'null|object': 'object|null',
  };
  return kinds[key] ?? 'other';
}

const names = Object.keys(homeCalls) as THomeCallName[];

describe("the public calls' light answer checks", () => {
  it('cover every public operation, with its method and path', () => {
    expect(Object.keys(homeGuards).sort()).toEqual([...names].sort());
    for (const name of names) {
      expect({ method: homeOps[name].method, path: homeOps[name].path }).toEqual(homeCalls[name]);
    }
  });

  it.each(names)(
    "%s: checks each required top-level field of the operation's answer, as its schema types it",
    (name) => {
      const schema = z.toJSONSchema(homeOps[name].output, { io: 'output', unrepresentable: 'any' }) as TJson;
      const guard = homeGuards[name];
      if (schema.type === 'null') {
        expect(guard.fields).toBeNull();
        expect(guard.safeParse(null).success).toBe(true);
        expect(guard.safeParse({}).success).toBe(false);
        return;
      }
      expect(schema.type).toBe('object');
      const fields = guard.fields ?? {};
      const required = schema.required ?? [];
      const expected = Object.fromEntries(required.map((field) => [field, kindOf(schema.properties?.[field] ?? {})]));
      expect(fields).toEqual(expected);
      expect(guard.safeParse(null).success).toBe(false);
    },
  );
});
