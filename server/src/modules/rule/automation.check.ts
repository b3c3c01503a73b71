import {
  fieldKey,
  isHoursField,
  isRuleFieldKey,
  type TRuleAction,
  type TRuleCondition,
  type TRuleConditions,
} from '@parley/contracts';
import { invalid } from '../../http/app-error.js';

/**
 * Actions that change the ticket, and so its update time, whatever it holds already: an internal
 * note. Setting a property or adding a tag changes nothing on a ticket that has it already, so the
 * update time stays and "hours since updated" would hold again next hour.
 */
const alwaysChangesTicket = (a: TRuleAction) => a.action === 'add_note';

/** Actions that change the ticket when it differs from what they set, unlike a mail or a webhook. */
const mayChangeTicket = (a: TRuleAction) => a.action !== 'notify' && a.action !== 'webhook';

/** Would these actions make this condition false on a ticket it held for? */
export function nullifies(actions: TRuleAction[], c: TRuleCondition): boolean {
  const set = (name: TRuleAction['action']) =>
    actions.filter((a) => a.action === name).map((a) => (a as { value: unknown }).value);
  const flips = (values: unknown[]) =>
    c.operator === 'is' ? values.some((v) => v !== c.value) : values.some((v) => v === c.value);
  if (isRuleFieldKey(c.field)) {
    // Setting the field to another value ends "is", to the value ends "is not".
    const values = actions.flatMap((a) =>
      a.action === 'set_field' && fieldKey(a.field_id) === c.field ? [a.value] : [],
    );
    return (c.operator === 'is' || c.operator === 'is_not') && flips(values);
  }
  switch (c.field) {
    case 'ticket_state':
      return flips(set('set_state'));
    case 'priority':
      return flips(set('set_priority'));
    case 'ticket_type':
      return flips(set('set_type'));
    case 'group_id':
      return flips(set('set_group'));
    case 'assignee_id':
      return flips(set('set_assignee'));
    case 'tags': {
      const listed = c.value as string[];
      if (c.operator === 'includes') {
        const removed = new Set(set('remove_tags').flat() as string[]);
        return listed.every((tag) => removed.has(tag));
      }
      return (set('add_tags').flat() as string[]).some((tag) => listed.includes(tag));
    }
    case 'hours_since_updated':
      // A change stamps the update time: "more than N hours" is false right after.
      return c.operator !== 'less_than' && Number(c.value) > 0 && actions.some(alwaysChangesTicket);
    case 'hours_since_pending':
      return set('set_state').some((v) => v !== 'pending');
    case 'hours_since_solved':
      return set('set_state').some((v) => v !== 'solved');
    case 'hours_since_assigned':
      return set('set_assignee').some((v) => v === null);
    default:
      return false;
  }
}

/**
 * An automation must measure time, and one of its actions must make one of its conditions
 * false, or it would act on the same tickets every hour for ever.
 */
export function checkAutomation(conditions: TRuleConditions, actions: TRuleAction[]) {
  if (![...conditions.all, ...conditions.any].some((c) => isHoursField(c.field))) {
    throw invalid('automation_needs_time', 'conditions.all');
  }
  const allFlip = conditions.all.some((c) => nullifies(actions, c));
  const anyFlip = conditions.any.length > 0 && conditions.any.every((c) => nullifies(actions, c));
  if (!allFlip && !anyFlip) {
    // "Hours since updated" with actions that change the ticket only when it differs: say why.
    const sinceUpdate = [...conditions.all, ...conditions.any].some((c) => c.field === 'hours_since_updated');
    const why =
      sinceUpdate && actions.some(mayChangeTicket) ? 'automation_update_not_nullified' : 'automation_not_nullified';
    throw invalid(why, 'actions');
  }
}
