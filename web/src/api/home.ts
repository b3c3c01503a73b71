import {
  type TBrandingResponse,
  type TEnumsGetRequest,
  type TEnumsGetResponse,
  type TLanguagesResponse,
  ZBrandingResponse,
  ZEnumsGetResponse,
  ZLanguagesResponse,
} from '@parley/contracts';
import type { TCallOptions } from './client';
import { api } from './instance';

type TOpts = Pick<TCallOptions<unknown>, 'silent' | 'signal'>;

export const homeApi = {
  languages: (opts?: TOpts): Promise<TLanguagesResponse> =>
    api.get('/home/languages', undefined, { ...opts, schema: ZLanguagesResponse }),
  enums: (body: TEnumsGetRequest, opts?: TOpts): Promise<TEnumsGetResponse> =>
    api.post('/home/enums.get', body, { ...opts, schema: ZEnumsGetResponse }),
  branding: (opts?: TOpts): Promise<TBrandingResponse> =>
    api.get('/home/setting/branding.get', undefined, { ...opts, schema: ZBrandingResponse }),
};
