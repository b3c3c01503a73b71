import {
  groupOps,
  type TGroup,
  type TGroupAddRequest,
  type TGroupEditRequest,
  type TGroupListRequest,
  type TGroupListResponse,
} from '@parley/contracts';
import { call } from './call';
import type { TOpts, TPagedQuery } from './types';

export const groupApi = {
  list: (query: TPagedQuery<TGroupListRequest>, opts?: TOpts): Promise<TGroupListResponse> =>
    call(groupOps.list, query, opts),
  get: (groupId: number, opts?: TOpts): Promise<TGroup> => call(groupOps.get, { group_id: groupId }, opts),
  add: (body: TGroupAddRequest, opts?: TOpts) => call(groupOps.add, body, opts),
  edit: (body: TGroupEditRequest, opts?: TOpts): Promise<null> => call(groupOps.edit, body, opts),
};
