import {
  automationOps,
  scheduleOps,
  slaOps,
  type TAutomationAddResponse,
  type TAutomationDryRunRequest,
  type TAutomationDryRunResponse,
  type TAutomationEditRequest,
  type TAutomationInput,
  type TAutomationListResponse,
  type TScheduleAddResponse,
  type TScheduleEditRequest,
  type TScheduleInput,
  type TScheduleListResponse,
  type TSlaPolicyAddResponse,
  type TSlaPolicyEditRequest,
  type TSlaPolicyInput,
  type TSlaPolicyListResponse,
  type TSlaTicketResponse,
  type TTriggerAddResponse,
  type TTriggerCategoryAddResponse,
  type TTriggerDryRunRequest,
  type TTriggerDryRunResponse,
  type TTriggerEditRequest,
  type TTriggerInput,
  type TTriggerListResponse,
  triggerOps,
} from '@parley/contracts';
import { call } from './call';
import type { TOpts } from './types';

export const scheduleApi = {
  list: (opts?: TOpts): Promise<TScheduleListResponse> => call(scheduleOps.list, {}, opts),
  add: (body: TScheduleInput, opts?: TOpts): Promise<TScheduleAddResponse> => call(scheduleOps.add, body, opts),
  edit: (body: TScheduleEditRequest, opts?: TOpts): Promise<null> => call(scheduleOps.edit, body, opts),
  delete: (ids: number[], opts?: TOpts): Promise<null> => call(scheduleOps.delete, { schedule_ids: ids }, opts),
};

export const triggerApi = {
  list: (opts?: TOpts): Promise<TTriggerListResponse> => call(triggerOps.list, {}, opts),
  add: (body: TTriggerInput, opts?: TOpts): Promise<TTriggerAddResponse> => call(triggerOps.add, body, opts),
  edit: (body: TTriggerEditRequest, opts?: TOpts): Promise<null> => call(triggerOps.edit, body, opts),
  delete: (ids: number[], opts?: TOpts): Promise<null> => call(triggerOps.delete, { trigger_ids: ids }, opts),
  order: (ids: number[], opts?: TOpts): Promise<null> => call(triggerOps.orderEdit, { trigger_ids: ids }, opts),
  categoryAdd: (name: string, opts?: TOpts): Promise<TTriggerCategoryAddResponse> =>
    call(triggerOps.categoryAdd, { name }, opts),
  categoryEdit: (categoryId: number, name: string, opts?: TOpts): Promise<null> =>
    call(triggerOps.categoryEdit, { category_id: categoryId, name }, opts),
  categoryDelete: (categoryId: number, opts?: TOpts): Promise<null> =>
    call(triggerOps.categoryDelete, { category_id: categoryId }, opts),
  dryRun: (body: TTriggerDryRunRequest, opts?: TOpts): Promise<TTriggerDryRunResponse> =>
    call(triggerOps.dryRun, body, opts),
};

export const automationApi = {
  list: (opts?: TOpts): Promise<TAutomationListResponse> => call(automationOps.list, {}, opts),
  add: (body: TAutomationInput, opts?: TOpts): Promise<TAutomationAddResponse> => call(automationOps.add, body, opts),
  edit: (body: TAutomationEditRequest, opts?: TOpts): Promise<null> => call(automationOps.edit, body, opts),
  delete: (ids: number[], opts?: TOpts): Promise<null> => call(automationOps.delete, { automation_ids: ids }, opts),
  order: (ids: number[], opts?: TOpts): Promise<null> => call(automationOps.orderEdit, { automation_ids: ids }, opts),
  dryRun: (body: TAutomationDryRunRequest, opts?: TOpts): Promise<TAutomationDryRunResponse> =>
    call(automationOps.dryRun, body, opts),
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
