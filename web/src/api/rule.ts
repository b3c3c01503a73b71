import {
  scheduleOps,
  slaOps,
  type TAutomationDryRunRequest,
  type TAutomationEditRequest,
  type TAutomationInput,
  type TScheduleAddResponse,
  type TScheduleEditRequest,
  type TScheduleInput,
  type TScheduleListResponse,
  type TSlaPolicyAddResponse,
  type TSlaPolicyEditRequest,
  type TSlaPolicyInput,
  type TSlaPolicyListResponse,
  type TSlaTicketResponse,
  type TTriggerDryRunRequest,
  type TTriggerEditRequest,
  type TTriggerInput,
  ZAutomationAddResponse,
  ZAutomationDryRunResponse,
  ZAutomationListResponse,
  ZTriggerAddResponse,
  ZTriggerCategoryAddResponse,
  ZTriggerDryRunResponse,
  ZTriggerListResponse,
} from '@parley/contracts';
import { call } from './call';
import { api } from './instance';
import type { TOpts } from './types';

const base = '/admin/settings';

export const scheduleApi = {
  list: (opts?: TOpts): Promise<TScheduleListResponse> => call(scheduleOps.list, {}, opts),
  add: (body: TScheduleInput, opts?: TOpts): Promise<TScheduleAddResponse> => call(scheduleOps.add, body, opts),
  edit: (body: TScheduleEditRequest, opts?: TOpts): Promise<null> => call(scheduleOps.edit, body, opts),
  delete: (ids: number[], opts?: TOpts): Promise<null> => call(scheduleOps.delete, { schedule_ids: ids }, opts),
};

export const triggerApi = {
  list: (opts?: TOpts) => api.get(`${base}/trigger.list`, {}, { ...opts, schema: ZTriggerListResponse }),
  add: (body: TTriggerInput, opts?: TOpts) =>
    api.post(`${base}/trigger.add`, body, { ...opts, schema: ZTriggerAddResponse }),
  edit: (body: TTriggerEditRequest, opts?: TOpts) => api.post<null>(`${base}/trigger.edit`, body, opts),
  delete: (ids: number[], opts?: TOpts) => api.post<null>(`${base}/trigger.delete`, { trigger_ids: ids }, opts),
  order: (ids: number[], opts?: TOpts) => api.post<null>(`${base}/trigger.order.edit`, { trigger_ids: ids }, opts),
  categoryAdd: (name: string, opts?: TOpts) =>
    api.post(`${base}/trigger.category.add`, { name }, { ...opts, schema: ZTriggerCategoryAddResponse }),
  categoryDelete: (categoryId: number, opts?: TOpts) =>
    api.post<null>(`${base}/trigger.category.delete`, { category_id: categoryId }, opts),
  dryRun: (body: TTriggerDryRunRequest, opts?: TOpts) =>
    api.post(`${base}/trigger.dryrun`, body, { ...opts, schema: ZTriggerDryRunResponse }),
};

export const automationApi = {
  list: (opts?: TOpts) => api.get(`${base}/automation.list`, {}, { ...opts, schema: ZAutomationListResponse }),
  add: (body: TAutomationInput, opts?: TOpts) =>
    api.post(`${base}/automation.add`, body, { ...opts, schema: ZAutomationAddResponse }),
  edit: (body: TAutomationEditRequest, opts?: TOpts) => api.post<null>(`${base}/automation.edit`, body, opts),
  delete: (ids: number[], opts?: TOpts) => api.post<null>(`${base}/automation.delete`, { automation_ids: ids }, opts),
  order: (ids: number[], opts?: TOpts) =>
    api.post<null>(`${base}/automation.order.edit`, { automation_ids: ids }, opts),
  dryRun: (body: TAutomationDryRunRequest, opts?: TOpts) =>
    api.post(`${base}/automation.dryrun`, body, { ...opts, schema: ZAutomationDryRunResponse }),
};

export const slaApi = {
  list: (opts?: TOpts): Promise<TSlaPolicyListResponse> => call(slaOps.policyList, {}, opts),
  add: (body: TSlaPolicyInput, opts?: TOpts): Promise<TSlaPolicyAddResponse> => call(slaOps.policyAdd, body, opts),
  edit: (body: TSlaPolicyEditRequest, opts?: TOpts): Promise<null> => call(slaOps.policyEdit, body, opts),
  delete: (ids: number[], opts?: TOpts): Promise<null> => call(slaOps.policyDelete, { policy_ids: ids }, opts),
  order: (ids: number[], opts?: TOpts): Promise<null> => call(slaOps.policyOrderEdit, { policy_ids: ids }, opts),
  /** A ticket's next target (the ticket page). */
  ticket: (ticketId: number, opts?: TOpts): Promise<TSlaTicketResponse> =>
    call(slaOps.ticketGet, { ticket_id: ticketId }, opts),
};
