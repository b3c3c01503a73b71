import type { TMessageKey } from '@parley/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** Deeper JSON than this is refused before any schema sees it: no recursion can run out of stack. */
export const maxInputDepth = 32;

export interface InputProblem {
  /** Where, as the error handler names fields (`a.b.0`); `_` for the input itself. */
  field: string;
  key: TMessageKey;
}

/**
 * Text PostgreSQL refuses: NUL (`0x00` in text, `\u0000` in jsonb) and lone UTF-16 surrogates
 * (`\ud800` is not valid JSON text for jsonb).
 */
export function isStorableText(text: string): boolean {
  return !unstorable.test(text);
}
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is refused.
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Walks any input without recursion (a body nested thousands deep cannot overflow the stack
 * here) and names the first value no part of Parley may accept: text PostgreSQL refuses, in a
 * key or a value, or nesting deeper than `maxInputDepth`.
 */
export function findInputProblem(input: unknown): InputProblem | null {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof value === 'string') {
      if (!isStorableText(value)) {
        return { field: fieldName(path), key: 'text_not_allowed' };
      }
      continue;
    }
    if (value === null || typeof value !== 'object') {
      continue;
    }
    if (path.length >= maxInputDepth) {
      return { field: fieldName(path), key: 'nested_too_deep' };
    }
    for (const [key, child] of Object.entries(value)) {
      if (!isStorableText(key)) {
        return { field: fieldName(path), key: 'text_not_allowed' };
      }
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

const fieldName = (path: string[]) => (path.length ? path.map(printable).join('.') : '_');
/** A field name as the client sent it, minus what cannot be shown or stored. */
const printable = (key: string) => (isStorableText(key) ? key : key.replace(unstorableAll, ''));
const unstorableAll = new RegExp(unstorable.source, 'g');

/** Same marker the zod type provider puts on its issues, so the error handler reads both alike. */
const zodIssue = Symbol.for('ZodFastifySchemaValidationError');

/**
 * The one validator of every body, query string and path parameter: first the checks that hold
 * for any input (`findInputProblem`), then the call's zod schema. Each failure is an `FFFF`
 * naming the field, through the error handler.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => {
    const problem = findInputProblem(data);
    if (problem) {
      const issue = {
        [zodIssue]: true,
        keyword: 'custom',
        instancePath: problem.field === '_' ? '' : `/${problem.field.replaceAll('.', '/')}`,
        schemaPath: '#',
        message: problem.key,
        params: {},
      };
      return { error: [issue] as never };
    }
    return validate(data);
  };
};
