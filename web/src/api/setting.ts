import {
  type TBrandingEditRequest,
  type TEmailEditRequest,
  type TEmailSetting,
  type TTicketSetting,
  type TTicketSettingEditRequest,
  type TUploadResponse,
  ZEmailGetResponse,
  ZTicketSettingGetResponse,
  ZUploadResponse,
} from '@parley/contracts';
import { api } from './instance';
import type { TOpts } from './types';

const base = '/admin/settings';

export const settingApi = {
  emailGet: (opts?: TOpts): Promise<TEmailSetting> =>
    api.get(`${base}/email.get`, undefined, { ...opts, schema: ZEmailGetResponse }),
  emailEdit: (body: TEmailEditRequest, opts?: TOpts): Promise<null> => api.post<null>(`${base}/email.edit`, body, opts),
  ticketGet: (opts?: TOpts): Promise<TTicketSetting> =>
    api.get(`${base}/ticket.get`, undefined, { ...opts, schema: ZTicketSettingGetResponse }),
  ticketEdit: (body: TTicketSettingEditRequest, opts?: TOpts): Promise<null> =>
    api.post<null>(`${base}/ticket.edit`, body, opts),
  brandingEdit: (body: TBrandingEditRequest, opts?: TOpts): Promise<null> =>
    api.post<null>(`${base}/appearance.branding.edit`, body, opts),
  uploadFavicon: (file: Blob, opts?: TOpts): Promise<TUploadResponse> =>
    api.upload(`${base}/upload.favicon`, file, { ...opts, schema: ZUploadResponse }),
  uploadAdImage: (file: Blob, opts?: TOpts): Promise<TUploadResponse> =>
    api.upload(`${base}/upload.ad_image`, file, { ...opts, schema: ZUploadResponse }),
};
