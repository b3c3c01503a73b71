import type { TChecker } from './client';

type TKind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'object|null';

const is = (kind: TKind, value: unknown): boolean => {
  switch (kind) {
    case 'array':
      return Array.isArray(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'object|null':
      return value === null || is('object', value);
    default:
      return typeof value === kind;
  }
};

/**
 * A light check of an answer's top-level fields, for the public pages' calls: they load no zod
 * (~30 KB gzipped), and their few answers come from this server's own contracts anyway. A
 * missing or mistyped field fails the call like a schema would ("an answer this page cannot read").
 */
export function shape<T>(fields: Record<string, TKind>): TChecker<T> {
  return {
    safeParse(data: unknown) {
      if (!is('object', data)) {
        return { success: false };
      }
      const record = data as Record<string, unknown>;
      const ok = Object.entries(fields).every(([name, kind]) => is(kind, record[name]));
      return ok ? { success: true, data: data as T } : { success: false };
    },
  };
}
