import {
  type TGroup,
  type TGroupAddRequest,
  type TGroupEditRequest,
  type TGroupListRequest,
  type TGroupListResponse,
  ZGroupAddResponse,
  ZGroupGetResponse,
  ZGroupListResponse,
} from '@parley/contracts';
import { api } from './instance';
import type { TOpts, TPagedQuery } from './types';

export const groupApi = {
  list: (query: TPagedQuery<TGroupListRequest>, opts?: TOpts): Promise<TGroupListResponse> =>
    api.get('/admin/auth.group.list', query, { ...opts, schema: ZGroupListResponse }),
  get: (groupId: number, opts?: TOpts): Promise<TGroup> =>
    api.get('/admin/auth.group.get', { group_id: groupId }, { ...opts, schema: ZGroupGetResponse }),
  add: (body: TGroupAddRequest, opts?: TOpts) =>
    api.post('/admin/auth.group.add', body, { ...opts, schema: ZGroupAddResponse }),
  edit: (body: TGroupEditRequest, opts?: TOpts): Promise<null> => api.post<null>('/admin/auth.group.edit', body, opts),
};
