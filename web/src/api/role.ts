import {
  roleOps,
  type TRole,
  type TRoleAddRequest,
  type TRoleEditRequest,
  type TRoleListResponse,
  type TRoleState,
  type TRoleStateEditRequest,
} from '@parley/contracts';
import { call } from './call';
import type { TOpts } from './types';

export interface TRoleListQuery {
  kw?: string;
  role_state?: TRoleState;
  need_account?: boolean;
  offset?: number;
  limit?: number;
}

export const roleApi = {
  list: (query: TRoleListQuery, opts?: TOpts): Promise<TRoleListResponse> => call(roleOps.list, { ...query }, opts),
  get: (roleId: number, opts?: TOpts): Promise<TRole> => call(roleOps.get, { role_id: roleId }, opts),
  add: (body: TRoleAddRequest, opts?: TOpts) => call(roleOps.add, body, opts),
  edit: (body: TRoleEditRequest, opts?: TOpts): Promise<null> => call(roleOps.edit, body, opts),
  stateEdit: (body: TRoleStateEditRequest, opts?: TOpts): Promise<null> => call(roleOps.stateEdit, body, opts),
};
