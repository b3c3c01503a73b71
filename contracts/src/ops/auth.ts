import { ZMyInfoResponse } from '../account.js';
import { ZChatStateEditRequest, ZLoginRequest, ZLoginResponse, ZPasswordEditRequest } from '../auth.js';
import { ZEmpty } from '../common.js';
import { noInput, op } from '../op.js';

const tags = ['auth'];

/** Signing in and out, and the caller's own account (permission checks are in `authNodeOps`). */
export const authOps = {
  /** The sign-in page calls it through a light check (`signInApi`): the public pages load no zod. */
  login: op({
    method: 'POST',
    path: '/api/admin/auth.login',
    access: { public: true },
    summary: 'Sign in; answers an opaque token',
    tags,
    input: ZLoginRequest,
    output: ZLoginResponse,
  }),
  logout: op({
    method: 'POST',
    path: '/api/admin/auth.logout',
    access: { session: true },
    summary: 'Sign out; the token stops working',
    tags,
    input: noInput,
    output: ZEmpty,
  }),
  myInfoGet: op({
    method: 'GET',
    path: '/api/admin/auth.my.info.get',
    access: { session: true },
    summary: "The caller's account",
    tags,
    input: noInput,
    output: ZMyInfoResponse,
  }),
  passwordEdit: op({
    method: 'POST',
    path: '/api/admin/auth.password.edit',
    access: { session: true },
    summary: 'Change own password; ends every session of the account',
    tags,
    input: ZPasswordEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  myChatStateEdit: op({
    method: 'POST',
    path: '/api/admin/auth.my.chat.state.edit',
    access: { staff: true },
    summary: 'Set own chat state (online, away, invisible, offline)',
    tags,
    input: ZChatStateEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
};
