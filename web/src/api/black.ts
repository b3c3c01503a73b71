import { blackOps, type TBlackAddRequest, type TBlackListResponse, type TBlackType } from '@parley/contracts';
import { call } from './call';
import type { TOpts } from './types';

export const blackApi = {
  list: (
    query: { kw?: string; black_type?: TBlackType; offset?: number; limit?: number },
    opts?: TOpts,
  ): Promise<TBlackListResponse> => call(blackOps.list, query, opts),
  add: (body: TBlackAddRequest, opts?: TOpts) => call(blackOps.add, body, opts),
  delete: (blackIds: number[], opts?: TOpts): Promise<null> => call(blackOps.delete, { black_ids: blackIds }, opts),
};
