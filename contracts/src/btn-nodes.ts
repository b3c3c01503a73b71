import type { TStaffPath } from './nodes.js';

/**
 * Button nodes and the default role's grants, apart from the route table (nodes.ts): the public
 * pages read the route table, and need none of this.
 */

/** Button nodes: every write call of the contract that a role can grant. */
export const btnNodes = [
  ['auth.node.add', 'Add auth node'],
  ['auth.pkg.add', 'Add auth package'],
  ['auth.pkg.edit', 'Edit auth package'],
  ['auth.pkg.delete', 'Delete auth package'],
  ['auth.account.add', 'Add account'],
  ['auth.account.edit', 'Edit account'],
  ['auth.account.delete', 'Delete account'],
  ['auth.account.access_state.edit', 'Suspend or allow account'],
  ['auth.group.add', 'Add group'],
  ['auth.group.edit', 'Edit group'],
  ['auth.role.add', 'Add role'],
  ['auth.role.edit', 'Edit role'],
  ['auth.role.state.edit', 'Activate or deactivate role'],
  ['common.edit', 'Edit common settings'],
  ['company.add', 'Add organization'],
  ['company.edit', 'Edit organization'],
  ['company.delete', 'Delete organization'],
  ['email.edit', 'Edit email settings'],
  ['appearance.branding.edit', 'Edit branding'],
  ['details.edit', 'Edit help desk details'],
  ['localization.edit', 'Edit localization'],
  ['widget.edit', 'Edit widget settings'],
  ['chat.setting.edit', 'Edit chat settings'],
  ['chat.trigger.add', 'Add chat trigger'],
  ['chat.trigger.edit', 'Edit chat trigger'],
  ['chat.trigger.delete', 'Delete chat trigger'],
  ['trigger.add', 'Add trigger'],
  ['trigger.edit', 'Edit trigger, its order and categories'],
  ['trigger.delete', 'Delete trigger'],
  ['automation.add', 'Add automation'],
  ['automation.edit', 'Edit automation and its order'],
  ['automation.delete', 'Delete automation'],
  ['sla.policy.add', 'Add SLA policy'],
  ['sla.policy.edit', 'Edit SLA policy and their order'],
  ['sla.policy.delete', 'Delete SLA policy'],
  ['schedule.add', 'Add schedule'],
  ['schedule.edit', 'Edit schedule'],
  ['schedule.delete', 'Delete schedule'],
  ['settings.ticket.edit', 'Edit ticket settings'],
  ['black.add', 'Add banned entry'],
  ['black.delete', 'Delete banned entry'],
  ['question.add', 'Add chat question'],
  ['question.edit', 'Edit chat question'],
  ['question.delete', 'Delete chat question'],
  ['shortcut.add', 'Add shortcut'],
  ['shortcut.edit', 'Edit shortcut'],
  ['shortcut.delete', 'Delete shortcut'],
  ['field.add', 'Add ticket field'],
  ['field.edit', 'Edit ticket field'],
  ['form.add', 'Add ticket form'],
  ['form.edit', 'Edit ticket form'],
  ['view.add', 'Add view'],
  ['view.edit', 'Edit view'],
  ['view.delete', 'Delete view'],
  ['tag.add', 'Add tag'],
  ['tag.edit', 'Rename or merge tags'],
  ['tag.delete', 'Delete tag'],
  ['note.add', 'Add macro'],
  ['note.edit', 'Edit macro'],
  ['note.delete', 'Delete macro'],
  ['ticket.add', 'Create ticket'],
  ['ticket.edit', 'Update ticket'],
  ['ticket.delete', 'Delete ticket'],
  ['ticket.restore', 'Restore ticket'],
  ['ticket.spam', 'Mark ticket as spam'],
  ['chat.accept', 'Accept chat'],
  ['chat.message.add', 'Send chat message'],
  ['chat.end', 'End chat'],
] as const satisfies ReadonlyArray<readonly [value: string, title: string]>;

/** A button node's value (a write call's name): `access.btn`, `<Can btn>` and `can('btn', …)` take only these. */
export type TBtnNode = (typeof btnNodes)[number][0];

/** What the seeded default "Agent" role grants: ticket work, chat and shortcuts; no settings. */
export const defaultAgentMenus: readonly TStaffPath[] = [
  '/wswt',
  '/wswt/dashboard',
  '/wswt/search',
  '/wswt/ticket_views',
  '/wswt/ticket/add',
  '/wswt/ticket/edit/:ticket_id',
  '/wswt/ticket/edit/:ticket_id/account/:account_id',
  '/wswt/chat',
  '/wswt/setting/shortcut',
  '/wswt/setting/shortcut/add',
  '/wswt/setting/shortcut/edit',
];

export const defaultAgentButtons: readonly TBtnNode[] = [
  'ticket.add',
  'ticket.edit',
  'chat.accept',
  'chat.message.add',
  'chat.end',
  'shortcut.add',
  'shortcut.edit',
  'shortcut.delete',
];

export const defaultAgentRoleName = 'Agent';
export const defaultAgentPackageTitle = 'Agent: tickets, chat and shortcuts';
