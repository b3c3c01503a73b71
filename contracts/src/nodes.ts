/**
 * The permission catalogue the server seeds and the web app's route table uses.
 *
 * Menu nodes: `node_value` is the staff route pattern it opens (docs/product.md §2).
 * Button nodes: `node_value` is the write call it allows, as named in the contract. The ticket
 * settings calls share their names with the staff ticket calls, so their nodes carry a
 * `settings.` prefix (`settings.ticket.edit`).
 */
export interface TStaffRoute {
  /** Path pattern in React Router syntax; also the menu node value. */
  path: string;
  /** English title of the menu node (the web app translates by `key`). */
  title: string;
  /** i18n key of the screen title, `route.<key>`. */
  key: string;
  /** False for screens every signed-in account may open (own profile). */
  menu: boolean;
}

const staff = <P extends string>(path: P, key: string, title: string, menu = true) => ({ path, key, title, menu });

export const staffRoutes = [
  staff('/wswt', 'index', 'Home / tickets'),
  staff('/wswt/dashboard', 'dashboard', 'Dashboard'),
  staff('/wswt/search', 'search', 'Search'),
  staff('/wswt/ticket_views', 'ticket_views', 'Ticket views'),
  staff('/wswt/ticket/add', 'ticket_add', 'Create ticket'),
  staff('/wswt/ticket/edit/:ticket_id', 'ticket_edit', 'Edit ticket'),
  staff('/wswt/ticket/edit/:ticket_id/account/:account_id', 'ticket_account', 'Requester from a ticket'),
  staff('/wswt/account/my/profile', 'my_profile', 'My profile', false),
  staff('/wswt/account/:account_id', 'account_edit', 'Edit account'),
  staff('/wswt/company/:company_id', 'company_edit_page', 'Organization'),
  staff('/wswt/chat', 'chat', 'Chats'),
  // Everyone's own todo list: a settings section of the spec that needs no grant.
  staff('/wswt/setting/todo', 'setting_todo', 'Todo list', false),
  staff('/wswt/report/efficiency', 'report_efficiency', 'Efficiency report'),
  staff('/wswt/report/assignee_activity', 'report_assignee_activity', 'Assignee activity report'),
  staff('/wswt/report/agent_updates', 'report_agent_updates', 'Agent updates report'),
  staff('/wswt/report/unsolved', 'report_unsolved', 'Unsolved tickets report'),
  staff('/wswt/report/backlog', 'report_backlog', 'Backlog report'),
  staff('/wswt/report/satisfaction', 'report_satisfaction', 'Satisfaction report'),
  staff('/wswt/report/rule_usage', 'report_rule_usage', 'Trigger and automation usage report'),
] as const satisfies readonly TStaffRoute[];

/** Settings screens, `/wswt/setting/<path>` (docs/product.md §2). */
const settingPaths = [
  ['people', 'setting_people', 'People'],
  ['group/add', 'setting_group_add', 'Add group'],
  ['group/edit', 'setting_group_edit', 'Edit group'],
  ['company', 'setting_company', 'Organizations'],
  ['company/add', 'setting_company_add', 'Add organization'],
  ['company/edit', 'setting_company_edit', 'Edit organization'],
  ['view', 'setting_view', 'Views'],
  ['view/add', 'setting_view_add', 'Add view'],
  ['view/edit', 'setting_view_edit', 'Edit view'],
  ['field', 'setting_field', 'Ticket fields'],
  ['field/add', 'setting_field_add', 'Add ticket field'],
  ['field/edit', 'setting_field_edit', 'Edit ticket field'],
  ['form', 'setting_form', 'Ticket forms'],
  ['form/add', 'setting_form_add', 'Add ticket form'],
  ['form/edit', 'setting_form_edit', 'Edit ticket form'],
  ['role', 'setting_role', 'Roles and permissions'],
  ['role/add', 'setting_role_add', 'Add role'],
  ['role/edit', 'setting_role_edit', 'Edit role'],
  ['email', 'setting_email', 'Emails'],
  ['note', 'setting_note', 'Macros'],
  ['note/add', 'setting_note_add', 'Add macro'],
  ['note/edit', 'setting_note_edit', 'Edit macro'],
  ['tag', 'setting_tag', 'Tags'],
  ['tag/add', 'setting_tag_add', 'Add tag'],
  ['tag/edit', 'setting_tag_edit', 'Edit tag'],
  ['shortcut', 'setting_shortcut', 'Shortcuts'],
  ['shortcut/add', 'setting_shortcut_add', 'Add shortcut'],
  ['shortcut/edit', 'setting_shortcut_edit', 'Edit shortcut'],
  ['banned', 'setting_banned', 'Banned'],
  ['banned/add', 'setting_banned_add', 'Add banned entry'],
  ['appearance', 'setting_appearance', 'Branding'],
  ['widget', 'setting_widget', 'Widget'],
  ['chat', 'setting_chat', 'Chats'],
  ['chat_trigger', 'setting_chat_trigger', 'Chat triggers'],
  ['ticket', 'setting_ticket', 'Ticket settings'],
  ['trigger', 'setting_trigger', 'Triggers'],
  ['trigger/add', 'setting_trigger_add', 'Add trigger'],
  ['trigger/edit', 'setting_trigger_edit', 'Edit trigger'],
  ['automation', 'setting_automation', 'Automations'],
  ['automation/add', 'setting_automation_add', 'Add automation'],
  ['automation/edit', 'setting_automation_edit', 'Edit automation'],
  ['sla', 'setting_sla', 'SLA policies'],
  ['sla/add', 'setting_sla_add', 'Add SLA policy'],
  ['sla/edit', 'setting_sla_edit', 'Edit SLA policy'],
  ['schedule', 'setting_schedule', 'Schedules'],
  ['schedule/add', 'setting_schedule_add', 'Add schedule'],
  ['schedule/edit', 'setting_schedule_edit', 'Edit schedule'],
  ['details', 'setting_details', 'Details'],
  ['localization', 'setting_localization', 'Localization'],
  ['getting_started', 'setting_getting_started', 'Getting started'],
  ['auth/node', 'setting_auth_node', 'Auth nodes'],
  ['auth/pkg', 'setting_auth_pkg', 'Auth packages'],
] as const;

/** Every staff route pattern: a menu node value, checked at compile time where code names one. */
export type TStaffPath = (typeof staffRoutes)[number]['path'] | `/wswt/setting/${(typeof settingPaths)[number][0]}`;

export const settingRoutes: readonly TStaffRoute[] = settingPaths.map(([p, key, title]) =>
  staff(`/wswt/setting/${p}`, key, title),
);

export const allStaffRoutes: readonly TStaffRoute[] = [...staffRoutes, ...settingRoutes];
