import {
  type TAuthCheckRequest,
  type TAuthCheckResponse,
  type THasNodeListRequest,
  type THasNodeListResponse,
  type TLoginRequest,
  type TLoginResponse,
  type TMyInfoResponse,
  type TPasswordEditRequest,
  ZAuthCheckResponse,
  ZHasNodeListResponse,
  ZLoginResponse,
  ZMyInfoResponse,
} from '@parley/contracts';
import type { TCallOptions } from './client';
import { api } from './instance';

type TOpts = Pick<TCallOptions<unknown>, 'silent' | 'signal'>;

export const authApi = {
  login: (body: TLoginRequest, opts?: TOpts): Promise<TLoginResponse> =>
    api.post('/admin/auth.login', body, { ...opts, schema: ZLoginResponse }),
  logout: (opts?: TOpts): Promise<null> => api.post<null>('/admin/auth.logout', {}, opts),
  myInfo: (opts?: TOpts): Promise<TMyInfoResponse> =>
    api.get('/admin/auth.my.info.get', undefined, { ...opts, schema: ZMyInfoResponse }),
  passwordEdit: (body: TPasswordEditRequest, opts?: TOpts): Promise<null> =>
    api.post<null>('/admin/auth.password.edit', body, opts),
  check: (body: TAuthCheckRequest, opts?: TOpts): Promise<TAuthCheckResponse> =>
    api.post('/admin/auth.check', body, { ...opts, schema: ZAuthCheckResponse }),
  hasNodeList: (body: THasNodeListRequest, opts?: TOpts): Promise<THasNodeListResponse> =>
    api.post('/admin/auth.has.node.list', body, { ...opts, schema: ZHasNodeListResponse }),
};
