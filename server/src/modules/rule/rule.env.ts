import type { TRuleEffect, TTicketSetting } from '@parley/contracts';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';

/** The rule whose actions are being applied (for the event log and usage). */
export interface RuleRef {
  kind: 'trigger' | 'automation';
  id: number;
  title: string;
}

/** What every action of a rule runs with: its own module, so the actions, mail and webhooks share it without a cycle. */
export interface ActionEnv {
  ctx: AppContext;
  tx: Tx;
  settings: TTicketSetting;
  now: number;
  rule: RuleRef;
}

/** The event-log row that names the rule before its effects. */
export const ruleEvent = (rule: RuleRef): TRuleEffect => ({
  field: 'rule',
  old: null,
  new: { kind: rule.kind, id: rule.id, title: rule.title },
});
