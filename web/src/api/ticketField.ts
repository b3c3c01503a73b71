import {
  type TFieldAddRequest,
  type TFieldEditRequest,
  type TFormAddRequest,
  type TFormEditRequest,
  type TTicketField,
  type TTicketForm,
  ZFieldAddResponse,
  ZFieldAllListResponse,
  ZFormAddResponse,
  ZFormAllListResponse,
  ZTicketField,
  ZTicketForm,
} from '@parley/contracts';
import { api } from './instance';
import type { TOpts } from './types';

const base = '/admin/settings';

/** Settings › Ticket fields; every agent reads the definitions (ticket page, new ticket). */
export const fieldApi = {
  allList: (opts?: TOpts): Promise<{ list: TTicketField[] }> =>
    api.get(`${base}/field.all.list`, {}, { ...opts, schema: ZFieldAllListResponse }),
  get: (fieldId: number, opts?: TOpts): Promise<TTicketField> =>
    api.get(`${base}/field.get`, { field_id: fieldId }, { ...opts, schema: ZTicketField }),
  add: (body: TFieldAddRequest, opts?: TOpts) =>
    api.post(`${base}/field.add`, body, { ...opts, schema: ZFieldAddResponse }),
  edit: (body: TFieldEditRequest, opts?: TOpts): Promise<null> => api.post<null>(`${base}/field.edit`, body, opts),
  position: (fieldIds: number[], opts?: TOpts): Promise<null> =>
    api.post<null>(`${base}/field.position.edit`, { field_ids: fieldIds }, opts),
};

/** Settings › Ticket forms. */
export const formApi = {
  allList: (opts?: TOpts): Promise<{ list: TTicketForm[] }> =>
    api.get(`${base}/form.all.list`, {}, { ...opts, schema: ZFormAllListResponse }),
  get: (formId: number, opts?: TOpts): Promise<TTicketForm> =>
    api.get(`${base}/form.get`, { form_id: formId }, { ...opts, schema: ZTicketForm }),
  add: (body: TFormAddRequest, opts?: TOpts) =>
    api.post(`${base}/form.add`, body, { ...opts, schema: ZFormAddResponse }),
  edit: (body: TFormEditRequest, opts?: TOpts): Promise<null> => api.post<null>(`${base}/form.edit`, body, opts),
  position: (formIds: number[], opts?: TOpts): Promise<null> =>
    api.post<null>(`${base}/form.position.edit`, { form_ids: formIds }, opts),
};
