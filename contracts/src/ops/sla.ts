import { ZEmpty } from '../common.js';
import { noInput, op } from '../op.js';
import {
  ZSlaPolicyAddResponse,
  ZSlaPolicyDeleteRequest,
  ZSlaPolicyEditRequest,
  ZSlaPolicyInput,
  ZSlaPolicyListResponse,
  ZSlaPolicyOrderRequest,
  ZSlaTicketRequest,
  ZSlaTicketResponse,
} from '../sla.js';

const base = '/api/admin/settings';
const tags = ['sla'];

/** Settings › SLA policies (first match wins, dragged into order), and a ticket's next target. */
export const slaOps = {
  policyList: op({
    method: 'GET',
    path: `${base}/sla.policy.list`,
    access: { menu: ['/wswt/setting/sla', '/wswt/setting/sla/edit'] },
    summary: 'SLA policies in the order they are tried (the first that matches a ticket sets its targets)',
    tags,
    input: noInput,
    output: ZSlaPolicyListResponse,
  }),
  policyAdd: op({
    method: 'POST',
    path: `${base}/sla.policy.add`,
    access: { btn: 'sla.policy.add' },
    summary: 'Add an SLA policy: conditions, minutes per priority and metric, schedule, pause while pending',
    tags,
    input: ZSlaPolicyInput,
    output: ZSlaPolicyAddResponse,
    message: 'saved',
  }),
  policyEdit: op({
    method: 'POST',
    path: `${base}/sla.policy.edit`,
    access: { btn: 'sla.policy.edit' },
    summary: "Edit an SLA policy (the open tickets' targets are recomputed by a job right after)",
    tags,
    input: ZSlaPolicyEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  policyOrderEdit: op({
    method: 'POST',
    path: `${base}/sla.policy.order.edit`,
    access: { btn: 'sla.policy.edit' },
    summary: 'The order SLA policies are tried in: every policy id once',
    tags,
    input: ZSlaPolicyOrderRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  policyDelete: op({
    method: 'POST',
    path: `${base}/sla.policy.delete`,
    access: { btn: 'sla.policy.delete' },
    summary: 'Delete SLA policies',
    tags,
    input: ZSlaPolicyDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
  }),
  ticketGet: op({
    method: 'GET',
    path: '/api/admin/sla.ticket.get',
    access: { menu: '/wswt/ticket/edit/:ticket_id' },
    summary: "A ticket's next SLA target: metric, due time (null while paused), minutes left when paused",
    tags,
    input: ZSlaTicketRequest,
    output: ZSlaTicketResponse,
  }),
};
