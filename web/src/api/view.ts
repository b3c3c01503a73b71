import {
  type TViewAddRequest,
  type TViewEditRequest,
  type TViewSetting,
  ZViewAddResponse,
  ZViewAllListResponse,
  ZViewGetResponse,
} from '@parley/contracts';
import { api } from './instance';
import type { TOpts } from './types';

const base = '/admin/settings';

export const viewApi = {
  allList: (opts?: TOpts): Promise<{ list: TViewSetting[] }> =>
    api.get(`${base}/view.all.list`, {}, { ...opts, schema: ZViewAllListResponse }),
  get: (viewId: number, opts?: TOpts): Promise<TViewSetting> =>
    api.get(`${base}/view.get`, { view_id: viewId }, { ...opts, schema: ZViewGetResponse }),
  add: (body: TViewAddRequest, opts?: TOpts) =>
    api.post(`${base}/view.add`, body, { ...opts, schema: ZViewAddResponse }),
  edit: (body: TViewEditRequest, opts?: TOpts): Promise<null> => api.post<null>(`${base}/view.edit`, body, opts),
  sort: (viewIds: number[], opts?: TOpts): Promise<null> =>
    api.post<null>(`${base}/view.sort`, { view_ids: viewIds }, opts),
  delete: (viewIds: number[], opts?: TOpts): Promise<null> =>
    api.post<null>(`${base}/view.delete`, { view_ids: viewIds }, opts),
};
