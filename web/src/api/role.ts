import {
  type TRole,
  type TRoleAddRequest,
  type TRoleEditRequest,
  type TRoleListResponse,
  type TRoleState,
  type TRoleStateEditRequest,
  ZRoleAddResponse,
  ZRoleGetResponse,
  ZRoleListResponse,
} from '@parley/contracts';
import { api } from './instance';
import type { TOpts } from './types';

export interface TRoleListQuery {
  kw?: string;
  role_state?: TRoleState;
  need_account?: boolean;
  offset?: number;
  limit?: number;
}

export const roleApi = {
  list: (query: TRoleListQuery, opts?: TOpts): Promise<TRoleListResponse> =>
    api.get('/admin/auth.role.list', { ...query }, { ...opts, schema: ZRoleListResponse }),
  get: (roleId: number, opts?: TOpts): Promise<TRole> =>
    api.get('/admin/auth.role.get', { role_id: roleId }, { ...opts, schema: ZRoleGetResponse }),
  add: (body: TRoleAddRequest, opts?: TOpts) =>
    api.post('/admin/auth.role.add', body, { ...opts, schema: ZRoleAddResponse }),
  edit: (body: TRoleEditRequest, opts?: TOpts): Promise<null> => api.post<null>('/admin/auth.role.edit', body, opts),
  stateEdit: (body: TRoleStateEditRequest, opts?: TOpts): Promise<null> =>
    api.post<null>('/admin/auth.role.state.edit', body, opts),
};
