import { authOps, homeCalls, homeOps, type THomeCallName, type TOp } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { homeGuards } from './homeGuards';
import type { TKind, TShape } from './shape';
import { loginCall, loginGuard } from './signIn';

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

/** The guard checks exactly the required top-level fields of the operation's answer, of their kinds. */
function expectGuardOf(op: TOp, guard: TShape<unknown>) {
  const schema = z.toJSONSchema(op.output, { io: 'output', unrepresentable: 'any' }) as TJson;
  if (schema.type === 'null') {
    expect(guard.fields).toBeNull();
    expect(guard.safeParse(null).success).toBe(true);
    expect(guard.safeParse({}).success).toBe(false);
    return;
  }
  expect(schema.type).toBe('object');
  const required = schema.required ?? [];
  const expected = Object.fromEntries(required.map((field) => [field, kindOf(schema.properties?.[field] ?? {})]));
  expect(guard.fields ?? {}).toEqual(expected);
  expect(guard.safeParse(null).success).toBe(false);
}

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
      expectGuardOf(homeOps[name], homeGuards[name]);
    },
  );

  it('the sign-in page calls auth.login as the operation says, and checks its answer the same way', () => {
    expect({ method: authOps.login.method, path: authOps.login.path }).toEqual(loginCall);
    expectGuardOf(authOps.login, loginGuard);
  });
});
