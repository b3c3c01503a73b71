import {
  type TAuthNode,
  type TNodeAddRequest,
  type TNodeListRequest,
  type TNodeListResponse,
  type TPkgAddRequest,
  type TPkgDeleteRequest,
  type TPkgEditRequest,
  type TPkgListRequest,
  type TPkgListResponse,
  ZNodeAddResponse,
  ZNodeListResponse,
  ZPkgAddResponse,
  ZPkgListResponse,
} from '@parley/contracts';
import { allPages } from './allPages';
import { api } from './instance';
import type { TOpts, TPagedQuery } from './types';

export const authNodeApi = {
  nodeList: (query: TPagedQuery<TNodeListRequest>, opts?: TOpts): Promise<TNodeListResponse> =>
    api.get('/admin/auth.node.list', query, { ...opts, schema: ZNodeListResponse }),
  allNodes: (opts?: TOpts): Promise<TAuthNode[]> =>
    allPages((offset, limit) => authNodeApi.nodeList({ offset, limit }, opts)),
  nodeAdd: (body: TNodeAddRequest, opts?: TOpts) =>
    api.post('/admin/auth.node.add', body, { ...opts, schema: ZNodeAddResponse }),
  pkgList: (query: TPagedQuery<TPkgListRequest>, opts?: TOpts): Promise<TPkgListResponse> =>
    api.get('/admin/auth.pkg.list', query, { ...opts, schema: ZPkgListResponse }),
  allPkgs: (opts?: TOpts) => allPages((offset, limit) => authNodeApi.pkgList({ offset, limit }, opts)),
  pkgAdd: (body: TPkgAddRequest, opts?: TOpts) =>
    api.post('/admin/auth.pkg.add', body, { ...opts, schema: ZPkgAddResponse }),
  pkgEdit: (body: TPkgEditRequest, opts?: TOpts): Promise<null> => api.post<null>('/admin/auth.pkg.edit', body, opts),
  pkgDelete: (body: TPkgDeleteRequest, opts?: TOpts): Promise<null> =>
    api.post<null>('/admin/auth.pkg.delete', body, opts),
};
