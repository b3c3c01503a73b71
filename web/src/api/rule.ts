import {
  type TAutomationDryRunRequest,
  type TAutomationEditRequest,
  type TAutomationInput,
  type TScheduleEditRequest,
  type TScheduleInput,
  type TSlaPolicyInput,
  type TTriggerDryRunRequest,
  type TTriggerEditRequest,
  type TTriggerInput,
  ZAutomationAddResponse,
  ZAutomationDryRunResponse,
  ZAutomationListResponse,
  ZScheduleAddResponse,
  ZScheduleListResponse,
  ZSlaPolicyAddResponse,
  ZSlaPolicyListResponse,
  ZSlaTicketResponse,
  ZTriggerAddResponse,
  ZTriggerCategoryAddResponse,
  ZTriggerDryRunResponse,
  ZTriggerListResponse,
} from '@parley/contracts';
import { api } from './instance';
import type { TOpts } from './types';

const base = '/admin/settings';

export const scheduleApi = {
  list: (opts?: TOpts) => api.get(`${base}/schedule.list`, {}, { ...opts, schema: ZScheduleListResponse }),
  add: (body: TScheduleInput, opts?: TOpts) =>
    api.post(`${base}/schedule.add`, body, { ...opts, schema: ZScheduleAddResponse }),
  edit: (body: TScheduleEditRequest, opts?: TOpts) => api.post<null>(`${base}/schedule.edit`, body, opts),
  delete: (ids: number[], opts?: TOpts) => api.post<null>(`${base}/schedule.delete`, { schedule_ids: ids }, opts),
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
  list: (opts?: TOpts) => api.get(`${base}/sla.policy.list`, {}, { ...opts, schema: ZSlaPolicyListResponse }),
  add: (body: TSlaPolicyInput, opts?: TOpts) =>
    api.post(`${base}/sla.policy.add`, body, { ...opts, schema: ZSlaPolicyAddResponse }),
  edit: (body: TSlaPolicyInput & { policy_id: number }, opts?: TOpts) =>
    api.post<null>(`${base}/sla.policy.edit`, body, opts),
  delete: (ids: number[], opts?: TOpts) => api.post<null>(`${base}/sla.policy.delete`, { policy_ids: ids }, opts),
  order: (ids: number[], opts?: TOpts) => api.post<null>(`${base}/sla.policy.order.edit`, { policy_ids: ids }, opts),
  /** A ticket's next target (the ticket page). */
  ticket: (ticketId: number, opts?: TOpts) =>
    api.get('/admin/sla.ticket.get', { ticket_id: ticketId }, { ...opts, schema: ZSlaTicketResponse }),
};
