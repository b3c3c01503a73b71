import { homeCalls, type homeOps, type THomeCallName, type TOpInput, type TOpOutput } from '@parley/contracts';
import type { TQuery } from './client';
import { homeGuards } from './homeGuards';
import { api } from './instance';
import type { TOpts } from './types';

type THomeOp<K extends THomeCallName> = (typeof homeOps)[K];

/**
 * `call` (api/call.ts) for the public pages: the method and path of `homeCalls`, the input and
 * output types of `homeOps`, and the answer checked by the light `homeGuards` instead of the zod
 * schema, so the sign-in page, the public form and the survey load no zod.
 */
export function homeCall<K extends THomeCallName>(
  name: K,
  input: TOpInput<THomeOp<K>>,
  options?: TOpts,
): Promise<TOpOutput<THomeOp<K>>> {
  const { method, path } = homeCalls[name];
  const opts = { ...options, schema: homeGuards[name] };
  const url = path.slice('/api'.length);
  return (method === 'GET' ? api.get(url, input as TQuery, opts) : api.post(url, input, opts)) as Promise<
    TOpOutput<THomeOp<K>>
  >;
}
