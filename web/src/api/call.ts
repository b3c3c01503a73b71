import type { TOp, TOpInput, TOpOutput } from '@parley/contracts';
import type { TChecker, TQuery } from './client';
import { api } from './instance';
import type { TOpts } from './types';

/**
 * Makes one operation of contracts (`tagOps.list`...): its method and path come from the
 * operation, the input is typed by its input schema, and the answer is checked against its
 * output schema (an answer that does not match fails like a broken one, "bad response").
 */
export function call<T extends TOp>(op: T, input: TOpInput<T>, options?: TOpts): Promise<TOpOutput<T>> {
  const path = op.path.slice('/api'.length);
  const opts = { ...options, schema: op.output as TChecker<TOpOutput<T>> };
  return op.method === 'GET'
    ? api.get<TOpOutput<T>>(path, input as TQuery, opts)
    : api.post<TOpOutput<T>>(path, input, opts);
}
