import { bannedOps, type TBannedAddRequest, type TBannedListResponse, type TBannedType } from '@parley/contracts';
import { call } from './call';
import type { TOpts } from './types';

export const bannedApi = {
  list: (
    query: { kw?: string; black_type?: TBannedType; offset?: number; limit?: number },
    opts?: TOpts,
  ): Promise<TBannedListResponse> => call(bannedOps.list, query, opts),
  add: (body: TBannedAddRequest, opts?: TOpts) => call(bannedOps.add, body, opts),
  delete: (blackIds: number[], opts?: TOpts): Promise<null> => call(bannedOps.delete, { black_ids: blackIds }, opts),
};
