import type {
  TAttachment,
  TBrandingResponse,
  TEnumsGetRequest,
  TEnumsGetResponse,
  THomeTicketAddRequest,
  THomeTicketAddResponse,
  TLanguagesResponse,
  TSatisfactionAddRequest,
  TSatisfactionGetResponse,
} from '@parley/contracts';
import { api } from './instance';
import { shape } from './shape';
import type { TOpts } from './types';

// The public pages' calls: checked with api/shape.ts, not the contracts' zod schemas, so the
// public form, survey and sign-in load no zod (docs/decisions/0006-front-end-delivery.md).
const branding = shape<TBrandingResponse>({
  favicon: 'string',
  brand_name: 'string',
  site_url: 'string',
  default_language: 'string',
  default_timezone: 'string',
  date_format: 'string',
});
const attachment = shape<TAttachment>({ file_id: 'string', file_name: 'string', size: 'number' });
const ticketAdded = shape<THomeTicketAddResponse>({ ticket_id: 'number' });
const survey = shape<TSatisfactionGetResponse>({
  ticket_id: 'number',
  subject: 'string',
  satisfaction: 'string',
  satisfaction_comment: 'string',
});

export const homeApi = {
  languages: (opts?: TOpts): Promise<TLanguagesResponse> =>
    api.get('/home/languages', undefined, { ...opts, schema: shape<TLanguagesResponse>({ list: 'array' }) }),
  enums: (body: TEnumsGetRequest, opts?: TOpts): Promise<TEnumsGetResponse> =>
    api.post('/home/enums.get', body, { ...opts, schema: shape<TEnumsGetResponse>({}) }),
  branding: (opts?: TOpts): Promise<TBrandingResponse> =>
    api.get('/home/setting/branding.get', undefined, { ...opts, schema: branding }),
  /** One attachment of the public form (at most 20M); its `file_id` goes in `ticketAdd`'s `file_ids`. */
  upload: (file: File, opts?: TOpts): Promise<TAttachment> =>
    api.upload('/home/upload', file, { ...opts, schema: attachment }),
  ticketAdd: (body: THomeTicketAddRequest, opts?: TOpts): Promise<THomeTicketAddResponse> =>
    api.post('/home/ticket.add', body, { ...opts, schema: ticketAdded }),
  satisfactionGet: (token: string, opts?: TOpts): Promise<TSatisfactionGetResponse> =>
    api.get('/home/satisfaction.get', { token }, { ...opts, schema: survey }),
  satisfactionAdd: (body: TSatisfactionAddRequest, opts?: TOpts): Promise<null> =>
    api.post<null>('/home/satisfaction.add', body, opts),
};
