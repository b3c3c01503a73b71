import {
  authNodeOps,
  type TAuthNode,
  type TNodeAddRequest,
  type TNodeListRequest,
  type TNodeListResponse,
  type TPkgAddRequest,
  type TPkgDeleteRequest,
  type TPkgEditRequest,
  type TPkgListRequest,
  type TPkgListResponse,
} from '@parley/contracts';
import { allPages } from './allPages';
import { call } from './call';
import type { TOpts, TPagedQuery } from './types';

export const authNodeApi = {
  nodeList: (query: TPagedQuery<TNodeListRequest>, opts?: TOpts): Promise<TNodeListResponse> =>
    call(authNodeOps.nodeList, query, opts),
  allNodes: (opts?: TOpts): Promise<TAuthNode[]> =>
    allPages((offset, limit) => authNodeApi.nodeList({ offset, limit }, opts)),
  nodeAdd: (body: TNodeAddRequest, opts?: TOpts) => call(authNodeOps.nodeAdd, body, opts),
  pkgList: (query: TPagedQuery<TPkgListRequest>, opts?: TOpts): Promise<TPkgListResponse> =>
    call(authNodeOps.pkgList, query, opts),
  allPkgs: (opts?: TOpts) => allPages((offset, limit) => authNodeApi.pkgList({ offset, limit }, opts)),
  pkgAdd: (body: TPkgAddRequest, opts?: TOpts) => call(authNodeOps.pkgAdd, body, opts),
  pkgEdit: (body: TPkgEditRequest, opts?: TOpts): Promise<null> => call(authNodeOps.pkgEdit, body, opts),
  pkgDelete: (body: TPkgDeleteRequest, opts?: TOpts): Promise<null> => call(authNodeOps.pkgDelete, body, opts),
};
