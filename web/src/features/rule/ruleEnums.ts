import type { TRuleConditionField } from '@parley/contracts';

/** The ticket properties whose values are one of the contracts' enums (labelled in both languages there). */
export const enumOf: Partial<
  Record<TRuleConditionField, 'ticket_state' | 'ticket_priority' | 'ticket_type' | 'ticket_source'>
> = {
  ticket_state: 'ticket_state',
  priority: 'ticket_priority',
  ticket_type: 'ticket_type',
  source: 'ticket_source',
};
