import {
  authNodeOps,
  authOps,
  type TAuthCheckRequest,
  type TAuthCheckResponse,
  type TChatStateEditRequest,
  type THasNodeListRequest,
  type THasNodeListResponse,
  type TLoginRequest,
  type TLoginResponse,
  type TMyInfoResponse,
  type TPasswordEditRequest,
} from '@parley/contracts';
import { call } from './call';
import type { TCallOptions } from './client';

type TOpts = Pick<TCallOptions<unknown>, 'silent' | 'signal'>;

export const authApi = {
  login: (body: TLoginRequest, opts?: TOpts): Promise<TLoginResponse> => call(authOps.login, body, opts),
  logout: (opts?: TOpts): Promise<null> => call(authOps.logout, {}, opts),
  myInfo: (opts?: TOpts): Promise<TMyInfoResponse> => call(authOps.myInfoGet, {}, opts),
  passwordEdit: (body: TPasswordEditRequest, opts?: TOpts): Promise<null> => call(authOps.passwordEdit, body, opts),
  chatStateEdit: (body: TChatStateEditRequest, opts?: TOpts): Promise<null> =>
    call(authOps.myChatStateEdit, body, opts),
  check: (body: TAuthCheckRequest, opts?: TOpts): Promise<TAuthCheckResponse> => call(authNodeOps.check, body, opts),
  hasNodeList: (body: THasNodeListRequest, opts?: TOpts): Promise<THasNodeListResponse> =>
    call(authNodeOps.hasNodeList, body, opts),
};
