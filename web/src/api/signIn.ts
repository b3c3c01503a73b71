import type { TLoginRequest, TLoginResponse } from '@parley/contracts';
import { api } from './instance';
import { shape } from './shape';
import type { TOpts } from './types';

/** Staff sign-in from the sign-in page, checked lightly (api/shape.ts): the public pages load no zod. */
export const signInApi = {
  login: (body: TLoginRequest, opts?: TOpts): Promise<TLoginResponse> =>
    api.post('/admin/auth.login', body, {
      ...opts,
      schema: shape<TLoginResponse>({ token: 'string', real_name: 'string', timezone: 'string' }),
    }),
};
