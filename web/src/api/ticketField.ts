import {
  fieldOps,
  formOps,
  type TFieldAddRequest,
  type TFieldEditRequest,
  type TFormAddRequest,
  type TFormEditRequest,
  type TTicketField,
  type TTicketForm,
} from '@parley/contracts';
import { call } from './call';
import type { TOpts } from './types';

/** Settings › Ticket fields; every agent reads the definitions (ticket page, new ticket). */
export const fieldApi = {
  allList: (opts?: TOpts): Promise<{ list: TTicketField[] }> => call(fieldOps.allList, {}, opts),
  get: (fieldId: number, opts?: TOpts): Promise<TTicketField> => call(fieldOps.get, { field_id: fieldId }, opts),
  add: (body: TFieldAddRequest, opts?: TOpts) => call(fieldOps.add, body, opts),
  edit: (body: TFieldEditRequest, opts?: TOpts): Promise<null> => call(fieldOps.edit, body, opts),
  position: (fieldIds: number[], opts?: TOpts): Promise<null> =>
    call(fieldOps.positionEdit, { field_ids: fieldIds }, opts),
};

/** Settings › Ticket forms. */
export const formApi = {
  allList: (opts?: TOpts): Promise<{ list: TTicketForm[] }> => call(formOps.allList, {}, opts),
  get: (formId: number, opts?: TOpts): Promise<TTicketForm> => call(formOps.get, { form_id: formId }, opts),
  add: (body: TFormAddRequest, opts?: TOpts) => call(formOps.add, body, opts),
  edit: (body: TFormEditRequest, opts?: TOpts): Promise<null> => call(formOps.edit, body, opts),
  position: (formIds: number[], opts?: TOpts): Promise<null> => call(formOps.positionEdit, { form_ids: formIds }, opts),
};
