import {
  type TAttachment,
  type TBrandingResponse,
  type TEnumsGetRequest,
  type TEnumsGetResponse,
  type THomeTicketAddRequest,
  type THomeTicketAddResponse,
  type TLanguagesResponse,
  type TSatisfactionAddRequest,
  type TSatisfactionGetResponse,
  ZAttachment,
  ZBrandingResponse,
  ZEnumsGetResponse,
  ZHomeTicketAddResponse,
  ZLanguagesResponse,
  ZSatisfactionGetResponse,
} from '@parley/contracts';
import { api } from './instance';
import type { TOpts } from './types';

export const homeApi = {
  languages: (opts?: TOpts): Promise<TLanguagesResponse> =>
    api.get('/home/languages', undefined, { ...opts, schema: ZLanguagesResponse }),
  enums: (body: TEnumsGetRequest, opts?: TOpts): Promise<TEnumsGetResponse> =>
    api.post('/home/enums.get', body, { ...opts, schema: ZEnumsGetResponse }),
  branding: (opts?: TOpts): Promise<TBrandingResponse> =>
    api.get('/home/setting/branding.get', undefined, { ...opts, schema: ZBrandingResponse }),
  /** One attachment of the public form (at most 20M); its `file_id` goes in `ticketAdd`'s `file_ids`. */
  upload: (file: File, opts?: TOpts): Promise<TAttachment> =>
    api.upload('/home/upload', file, { ...opts, schema: ZAttachment }),
  ticketAdd: (body: THomeTicketAddRequest, opts?: TOpts): Promise<THomeTicketAddResponse> =>
    api.post('/home/ticket.add', body, { ...opts, schema: ZHomeTicketAddResponse }),
  satisfactionGet: (token: string, opts?: TOpts): Promise<TSatisfactionGetResponse> =>
    api.get('/home/satisfaction.get', { token }, { ...opts, schema: ZSatisfactionGetResponse }),
  satisfactionAdd: (body: TSatisfactionAddRequest, opts?: TOpts): Promise<null> =>
    api.post<null>('/home/satisfaction.add', body, opts),
};
