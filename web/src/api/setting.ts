import {
  settingOps,
  type TBrandingEditRequest,
  type TBrandingResponse,
  type TEmailCheckRequest,
  type TEmailCheckResponse,
  type TEmailEditRequest,
  type TEmailSetting,
  type TEmailTemplate,
  type TFailedJob,
  type TInboxLogEntry,
  type TSupportAddress,
  type TSupportAddressAddRequest,
  type TSupportAddressEditRequest,
  type TTicketSetting,
  type TTicketSettingEditRequest,
  type TUploadResponse,
  ZEmailCheckResponse,
  ZEmailTemplateListResponse,
  ZFailedJobListResponse,
  ZInboxLogResponse,
  ZInboxRetryResponse,
  ZSupportAddressAddResponse,
  ZSupportAddressListResponse,
  ZUploadResponse,
} from '@parley/contracts';
import { call } from './call';
import { api } from './instance';
import type { TOpts } from './types';

const base = '/admin/settings';

export const settingApi = {
  emailGet: (opts?: TOpts): Promise<TEmailSetting> => call(settingOps.emailGet, {}, opts),
  emailEdit: (body: TEmailEditRequest, opts?: TOpts): Promise<null> => call(settingOps.emailEdit, body, opts),
  ticketGet: (opts?: TOpts): Promise<TTicketSetting> => call(settingOps.ticketGet, {}, opts),
  ticketEdit: (body: TTicketSettingEditRequest, opts?: TOpts): Promise<null> => call(settingOps.ticketEdit, body, opts),
  brandingEdit: (body: TBrandingEditRequest, opts?: TOpts): Promise<TBrandingResponse> =>
    call(settingOps.brandingEdit, body, opts),
  uploadFavicon: (file: Blob, opts?: TOpts): Promise<TUploadResponse> =>
    api.upload(`${base}/upload.favicon`, file, { ...opts, schema: ZUploadResponse }),
  emailTestSend: (body: TEmailCheckRequest, opts?: TOpts): Promise<TEmailCheckResponse> =>
    api.post(`${base}/email.test_send`, body, { ...opts, schema: ZEmailCheckResponse }),
  emailTestMailbox: (body: TEmailCheckRequest, opts?: TOpts): Promise<TEmailCheckResponse> =>
    api.post(`${base}/email.test_mailbox`, body, { ...opts, schema: ZEmailCheckResponse }),
  emailFailedJobs: async (opts?: TOpts): Promise<TFailedJob[]> =>
    (await api.get(`${base}/email.failed_jobs`, undefined, { ...opts, schema: ZFailedJobListResponse })).list,
  emailJobRetry: (id: string, opts?: TOpts): Promise<null> => api.post<null>(`${base}/email.job_retry`, { id }, opts),
  emailInboxLog: async (opts?: TOpts): Promise<TInboxLogEntry[]> =>
    (await api.get(`${base}/email.inbox_log`, undefined, { ...opts, schema: ZInboxLogResponse })).list,
  emailInboxRetry: (logId: number, opts?: TOpts) =>
    api.post(`${base}/email.inbox_log.retry`, { log_id: logId }, { ...opts, schema: ZInboxRetryResponse }),
  /** Where a kept raw mail downloads from (read with the session's Authorization header). */
  emailInboxRawPath: (logId: number) => `/api${base}/email.inbox_log.raw?log_id=${logId}`,
  emailAddressList: async (opts?: TOpts): Promise<TSupportAddress[]> =>
    (await api.get(`${base}/email.address.all.list`, undefined, { ...opts, schema: ZSupportAddressListResponse })).list,
  emailAddressAdd: (body: TSupportAddressAddRequest, opts?: TOpts) =>
    api.post(`${base}/email.address.add`, body, { ...opts, schema: ZSupportAddressAddResponse }),
  emailAddressEdit: (body: TSupportAddressEditRequest, opts?: TOpts): Promise<null> =>
    api.post<null>(`${base}/email.address.edit`, body, opts),
  emailAddressDelete: (ids: number[], opts?: TOpts): Promise<null> =>
    api.post<null>(`${base}/email.address.delete`, { address_ids: ids }, opts),
  emailTemplates: (opts?: TOpts) =>
    api.get(`${base}/email.template.list`, undefined, { ...opts, schema: ZEmailTemplateListResponse }),
  emailTemplateEdit: (body: TEmailTemplate, opts?: TOpts): Promise<null> =>
    api.post<null>(`${base}/email.template.edit`, body, opts),
  uploadAdImage: (file: Blob, opts?: TOpts): Promise<TUploadResponse> =>
    api.upload(`${base}/upload.ad_image`, file, { ...opts, schema: ZUploadResponse }),
};
