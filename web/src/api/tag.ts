import {
  type TTagAddRequest,
  type TTagChangeResponse,
  type TTagEditRequest,
  type TTagItem,
  type TTagListRequest,
  type TTagListResponse,
  type TTagMergeRequest,
  tagOps,
} from '@parley/contracts';
import { call } from './call';
import type { TOpts, TPagedQuery } from './types';

export const tagApi = {
  list: (query: TPagedQuery<TTagListRequest>, opts?: TOpts): Promise<TTagListResponse> =>
    call(tagOps.list, query, opts),
  get: (tagName: string, opts?: TOpts): Promise<TTagItem> => call(tagOps.get, { tag_name: tagName }, opts),
  add: (body: TTagAddRequest, opts?: TOpts): Promise<null> => call(tagOps.add, body, opts),
  edit: (body: TTagEditRequest, opts?: TOpts): Promise<TTagChangeResponse> => call(tagOps.edit, body, opts),
  merge: (body: TTagMergeRequest, opts?: TOpts): Promise<TTagChangeResponse> => call(tagOps.merge, body, opts),
  delete: (tagNames: string[], opts?: TOpts): Promise<TTagChangeResponse> =>
    call(tagOps.delete, { tag_names: tagNames }, opts),
};
