import type { TChecker } from './client';

export type TKind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'object|null';

/** A light check, with the fields it checks (a test compares them with the contract's schema). */
export interface TShape<T> extends TChecker<T> {
  readonly fields: Readonly<Record<string, TKind>> | null;
}

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
export function shape<T>(fields: Record<string, TKind>): TShape<T> {
  return {
    fields,
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

/** The light check of a call that answers no data (`data: null`). */
export const nothing: TShape<null> = {
  fields: null,
  safeParse: (data: unknown) => (data === null ? { success: true, data: null } : { success: false }),
};
