import {
  type TBlackAddRequest,
  type TBlackListResponse,
  type TBlackType,
  ZBlackAddResponse,
  ZBlackListResponse,
} from '@parley/contracts';
import { api } from './instance';
import type { TOpts } from './types';

const base = '/admin/settings';

export const blackApi = {
  list: (
    query: { kw?: string; black_type?: TBlackType; offset?: number; limit?: number },
    opts?: TOpts,
  ): Promise<TBlackListResponse> => api.get(`${base}/black.list`, query, { ...opts, schema: ZBlackListResponse }),
  add: (body: TBlackAddRequest, opts?: TOpts) =>
    api.post(`${base}/black.add`, body, { ...opts, schema: ZBlackAddResponse }),
  delete: (blackIds: number[], opts?: TOpts): Promise<null> =>
    api.post<null>(`${base}/black.delete`, { black_ids: blackIds }, opts),
};
