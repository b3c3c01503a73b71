import {
  type TTagAddRequest,
  type TTagChangeResponse,
  type TTagEditRequest,
  type TTagItem,
  type TTagListRequest,
  type TTagListResponse,
  type TTagMergeRequest,
  ZTagChangeResponse,
  ZTagGetResponse,
  ZTagListResponse,
} from '@parley/contracts';
import { api } from './instance';
import type { TOpts, TPagedQuery } from './types';

const base = '/admin/settings';

export const tagApi = {
  list: (query: TPagedQuery<TTagListRequest>, opts?: TOpts): Promise<TTagListResponse> =>
    api.get(`${base}/tag.list`, query, { ...opts, schema: ZTagListResponse }),
  get: (tagName: string, opts?: TOpts): Promise<TTagItem> =>
    api.get(`${base}/tag.get`, { tag_name: tagName }, { ...opts, schema: ZTagGetResponse }),
  add: (body: TTagAddRequest, opts?: TOpts): Promise<null> => api.post<null>(`${base}/tag.add`, body, opts),
  edit: (body: TTagEditRequest, opts?: TOpts): Promise<TTagChangeResponse> =>
    api.post(`${base}/tag.edit`, body, { ...opts, schema: ZTagChangeResponse }),
  merge: (body: TTagMergeRequest, opts?: TOpts): Promise<TTagChangeResponse> =>
    api.post(`${base}/tag.merge`, body, { ...opts, schema: ZTagChangeResponse }),
  delete: (tagNames: string[], opts?: TOpts): Promise<TTagChangeResponse> =>
    api.post(`${base}/tag.delete`, { tag_names: tagNames }, { ...opts, schema: ZTagChangeResponse }),
};
