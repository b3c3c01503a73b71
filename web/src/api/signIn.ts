import type { TLoginRequest, TLoginResponse } from '@parley/contracts';
import { api } from './instance';
import { shape } from './shape';
import type { TOpts } from './types';

/**
 * `authOps.login` as the sign-in page makes it: without zod (the public pages load none), so
 * with its method and path and a light answer check that homeGuards.test.ts compares with the
 * operation.
 */
export const loginCall = { method: 'POST', path: '/api/admin/auth.login' } as const;
export const loginGuard = shape<TLoginResponse>({ token: 'string', real_name: 'string', timezone: 'string' });

/** Staff sign-in from the sign-in page. */
export const signInApi = {
  login: (body: TLoginRequest, opts?: TOpts): Promise<TLoginResponse> =>
    api.post(loginCall.path.slice('/api'.length), body, { ...opts, schema: loginGuard }),
};
