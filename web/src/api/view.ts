import { type TViewAddRequest, type TViewEditRequest, type TViewSetting, viewOps } from '@parley/contracts';
import { call } from './call';
import type { TOpts } from './types';

export const viewApi = {
  allList: (opts?: TOpts): Promise<{ list: TViewSetting[] }> => call(viewOps.allList, {}, opts),
  get: (viewId: number, opts?: TOpts): Promise<TViewSetting> => call(viewOps.get, { view_id: viewId }, opts),
  add: (body: TViewAddRequest, opts?: TOpts) => call(viewOps.add, body, opts),
  edit: (body: TViewEditRequest, opts?: TOpts): Promise<null> => call(viewOps.edit, body, opts),
  sort: (viewIds: number[], opts?: TOpts): Promise<null> => call(viewOps.sort, { view_ids: viewIds }, opts),
  delete: (viewIds: number[], opts?: TOpts): Promise<null> => call(viewOps.delete, { view_ids: viewIds }, opts),
};
