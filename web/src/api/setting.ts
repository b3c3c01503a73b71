import {
  mailOps,
  settingOps,
  type TBouncedAddress,
  type TBrandingEditRequest,
  type TBrandingResponse,
  type TEmailCheckRequest,
  type TEmailCheckResponse,
  type TEmailEditRequest,
  type TEmailSetting,
  type TEmailTemplate,
  type TEmailTemplateListResponse,
  type TFailedJobListResponse,
  type TInboxLogEntry,
  type TInboxRetryResponse,
  type TSupportAddress,
  type TSupportAddressAddRequest,
  type TSupportAddressAddResponse,
  type TSupportAddressEditRequest,
  type TTicketSetting,
  type TTicketSettingEditRequest,
  type TUploadResponse,
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
    call(mailOps.testSend, body, opts),
  emailTestMailbox: (body: TEmailCheckRequest, opts?: TOpts): Promise<TEmailCheckResponse> =>
    call(mailOps.testMailbox, body, opts),
  emailFailedJobs: (opts?: TOpts): Promise<TFailedJobListResponse> => call(mailOps.failedJobs, {}, opts),
  emailJobRetry: (id: string, opts?: TOpts): Promise<null> => call(mailOps.jobRetry, { id }, opts),
  emailInboxLog: async (opts?: TOpts): Promise<TInboxLogEntry[]> => (await call(mailOps.inboxLog, {}, opts)).list,
  emailInboxRetry: (logId: number, opts?: TOpts): Promise<TInboxRetryResponse> =>
    call(mailOps.inboxRetry, { log_id: logId }, opts),
  /** Where a kept raw mail downloads from (read with the session's Authorization header). */
  emailBounces: async (opts?: TOpts): Promise<TBouncedAddress[]> => (await call(mailOps.bounceList, {}, opts)).list,
  emailBounceClear: (addresses: string[], opts?: TOpts): Promise<null> =>
    call(mailOps.bounceClear, { addresses }, opts),
  emailInboxRawPath: (logId: number) => `/api${base}/email.inbox_log.raw?log_id=${logId}`,
  emailAddressList: async (opts?: TOpts): Promise<TSupportAddress[]> =>
    (await call(mailOps.addressAllList, {}, opts)).list,
  emailAddressAdd: (body: TSupportAddressAddRequest, opts?: TOpts): Promise<TSupportAddressAddResponse> =>
    call(mailOps.addressAdd, body, opts),
  emailAddressEdit: (body: TSupportAddressEditRequest, opts?: TOpts): Promise<null> =>
    call(mailOps.addressEdit, body, opts),
  emailAddressDelete: (ids: number[], opts?: TOpts): Promise<null> =>
    call(mailOps.addressDelete, { address_ids: ids }, opts),
  emailTemplates: (opts?: TOpts): Promise<TEmailTemplateListResponse> => call(mailOps.templateList, {}, opts),
  emailTemplateEdit: (body: TEmailTemplate, opts?: TOpts): Promise<null> => call(mailOps.templateEdit, body, opts),
  uploadAdImage: (file: Blob, opts?: TOpts): Promise<TUploadResponse> =>
    api.upload(`${base}/upload.ad_image`, file, { ...opts, schema: ZUploadResponse }),
};
