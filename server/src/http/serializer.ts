import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type TSerialize = ReturnType<typeof fastJson>;

/**
 * Each schema's serializer, built once per process: a second app in the same process (the test
 * files of a worker, a benchmark's worker app) reuses it. What fast-json-stringify builds is a pure
 * function of the schema, and the schemas are the contracts' own objects, never changed.
 */
const built = new WeakMap<object, TSerialize>();

/**
 * Response serializer: each route's zod response schema becomes a JSON schema once, compiled by
 * fast-json-stringify. Only declared properties are written, so nothing undeclared can leak,
 * and it is several times faster than validating every response with zod on the hot path.
 * The route tests check the responses against the same zod schemas.
 */
export function serializerCompiler({ schema }: { schema: unknown }): TSerialize {
  const key = schema as object;
  const known = built.get(key);
  if (known) {
    return known;
  }
  const jsonSchema = z.toJSONSchema(schema as z.ZodType, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  delete jsonSchema.$schema;
  const serialize = fastJson(jsonSchema as unknown as Parameters<typeof fastJson>[0]);
  built.set(key, serialize);
  return serialize;
}
