import type { TViewColumn, TViewCondition, TViewGroupBy } from '@parley/contracts';

/** i18n keys of the list's columns (the ticket list's own headers). */
export const columnLabelKeys: Record<TViewColumn, string> = {
  ticket_id: 'ticket.id',
  subject: 'ticket.subject',
  requester: 'ticket.requester',
  company: 'ticket.company',
  ticket_state: 'ticket.state',
  priority: 'ticket.priority',
  ticket_type: 'ticket.type',
  assignee: 'ticket.assignee',
  group: 'ticket.group',
  tags: 'ticket.tags',
  satisfaction: 'ticket.satisfaction',
  create_ts: 'ticket.created',
  update_ts: 'ticket.updated',
  solved_ts: 'ticket.solved',
  sla_due: 'ticket.sla_due',
};

export const groupByLabelKeys: Record<TViewGroupBy, string> = {
  ticket_state: 'ticket.state',
  priority: 'ticket.priority',
  ticket_type: 'ticket.type',
  assignee: 'ticket.assignee',
  group: 'ticket.group',
  company: 'ticket.company',
};

/** Ticket properties; conditions on custom fields (`custom_field`, by field id) are offered from `field.all.list`. */
export type TConditionField = Exclude<TViewCondition['field'], 'custom_field'>;

/** The condition fields the editor offers, and the operators of each (the contract's). */
export const conditionOperators: Record<TConditionField, readonly string[]> = {
  ticket_state: ['in', 'not_in'],
  priority: ['in', 'not_in'],
  ticket_type: ['in', 'not_in'],
  satisfaction: ['in', 'not_in'],
  assignee_id: ['is', 'is_not'],
  group_id: ['is', 'is_not'],
  requester_id: ['is', 'is_not'],
  company_id: ['is', 'is_not'],
  tags: ['includes', 'not_includes'],
  hours_since_create: ['greater_than', 'less_than'],
  hours_since_update: ['greater_than', 'less_than'],
  hours_since_solved: ['greater_than', 'less_than'],
  hours_until_sla_breach: ['less_than', 'greater_than'],
  deleted: ['is'],
};
