import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { signInFirst } from './auth/guard';
import { RouteGuard } from './auth/RouteGuard';
import { authStore } from './auth/storage';
import { PageLoading } from './components/PageLoading';
import { RouteErrorPage } from './features/errors/RouteErrorPage';
import { PreloadedScreen, preloadedScreen, type TPreloadedScreen } from './routes/preloadedScreen';
import { paths, publicRoutes, staffRouteEntries, type TRouteEntry } from './routes/table';
import type { TRouteHandle } from './routes/useRouteKey';
import { registerWarmScreens } from './routes/warmScreens';

/** What a route's `handle` carries: the i18n key of its title (`route.<key>`). */

type TScreenLoader = () => Promise<ComponentType>;

const notBuilt: TScreenLoader = () => import('./features/placeholder/NotBuiltPage').then((m) => m.NotBuiltPage);
const publicNotBuilt: TScreenLoader = () =>
  import('./features/placeholder/PublicNotBuiltPage').then((m) => m.PublicNotBuiltPage);

/** Screens built so far; every other route shows the "not built yet" page. */
/** The SLA policy screens share one module: one import site, one preload list. */
const slaPages = () => import('./features/sla/SlaPages');
/**
 * The screens an agent opens from the list, their code loaded while the list is on screen
 * (below): routes with a component rather than `lazy`, so that the first move to them is one render.
 */
const ticketScreen = preloadedScreen(() => import('./features/ticket/page/TicketPage').then((m) => m.TicketPage));
const searchScreen = preloadedScreen(() => import('./features/ticket/search/SearchPage').then((m) => m.SearchPage));
const preloaded: Record<string, TPreloadedScreen> = { ticket_edit: ticketScreen, search: searchScreen };

const screens: Record<string, TScreenLoader> = {
  home: () => import('./features/home/HomePage').then((m) => m.HomePage),
  satisfaction: () => import('./features/home/SatisfactionPage').then((m) => m.SatisfactionPage),
  login: () => import('./features/auth/LoginPage').then((m) => m.LoginPage),
  password: () => import('./features/auth/PasswordPage').then((m) => m.PasswordPage),
  page_not_found: () => import('./features/errors/NotFoundPage').then((m) => m.NotFoundPage),
  page_forbidden: () => import('./features/errors/ForbiddenPage').then((m) => m.ForbiddenPage),
  my_profile: () => import('./features/profile/ProfilePage').then((m) => m.ProfilePage),
  setting_auth_node: () => import('./features/auth-node/NodeListPage').then((m) => m.NodeListPage),
  setting_auth_pkg: () => import('./features/auth-node/PkgListPage').then((m) => m.PkgListPage),
  setting_people: () => import('./features/account/PeoplePage').then((m) => m.PeoplePage),
  account_edit: () => import('./features/account/AccountPage').then((m) => m.AccountPage),
  setting_group_add: () => import('./features/group/GroupAddPage').then((m) => m.GroupAddPage),
  setting_group_edit: () => import('./features/group/GroupEditPage').then((m) => m.GroupEditPage),
  setting_company: () => import('./features/company/CompanyListPage').then((m) => m.CompanyListPage),
  setting_company_add: () => import('./features/company/CompanyAddPage').then((m) => m.CompanyAddPage),
  setting_company_edit: () => import('./features/company/CompanyEditPage').then((m) => m.CompanyEditPage),
  company_edit_page: () => import('./features/company/CompanyPage').then((m) => m.CompanyPage),
  setting_role: () => import('./features/role/RoleListPage').then((m) => m.RoleListPage),
  setting_role_add: () => import('./features/role/RoleAddPage').then((m) => m.RoleAddPage),
  setting_role_edit: () => import('./features/role/RoleEditPage').then((m) => m.RoleEditPage),
  setting_banned: () => import('./features/banned/BannedListPage').then((m) => m.BannedListPage),
  setting_banned_add: () => import('./features/banned/BannedAddPage').then((m) => m.BannedAddPage),
  setting_shortcut: () => import('./features/shortcut/ShortcutListPage').then((m) => m.ShortcutListPage),
  setting_shortcut_add: () => import('./features/shortcut/ShortcutAddPage').then((m) => m.ShortcutAddPage),
  setting_shortcut_edit: () => import('./features/shortcut/ShortcutEditPage').then((m) => m.ShortcutEditPage),
  setting_view: () => import('./features/view/ViewListPage').then((m) => m.ViewListPage),
  setting_view_add: () => import('./features/view/ViewAddPage').then((m) => m.ViewAddPage),
  setting_view_edit: () => import('./features/view/ViewEditPage').then((m) => m.ViewEditPage),
  setting_field: () => import('./features/ticket-field/FieldListPage').then((m) => m.FieldListPage),
  setting_field_add: () => import('./features/ticket-field/FieldAddPage').then((m) => m.FieldAddPage),
  setting_field_edit: () => import('./features/ticket-field/FieldEditPage').then((m) => m.FieldEditPage),
  setting_form: () => import('./features/ticket-form/FormListPage').then((m) => m.FormListPage),
  setting_form_add: () => import('./features/ticket-form/FormAddPage').then((m) => m.FormAddPage),
  setting_form_edit: () => import('./features/ticket-form/FormEditPage').then((m) => m.FormEditPage),
  setting_tag: () => import('./features/tag/TagListPage').then((m) => m.TagListPage),
  setting_tag_add: () => import('./features/tag/TagAddPage').then((m) => m.TagAddPage),
  setting_tag_edit: () => import('./features/tag/TagEditPage').then((m) => m.TagEditPage),
  setting_note: () => import('./features/note/NoteListPage').then((m) => m.NoteListPage),
  setting_note_add: () => import('./features/note/NoteAddPage').then((m) => m.NoteAddPage),
  setting_note_edit: () => import('./features/note/NoteEditPage').then((m) => m.NoteEditPage),
  setting_email: () => import('./features/setting-email/EmailSettingsPage').then((m) => m.EmailSettingsPage),
  setting_ticket: () => import('./features/setting-ticket/TicketSettingsPage').then((m) => m.TicketSettingsPage),
  index: () => import('./features/ticket/list/TicketListPage').then((m) => m.TicketListPage),
  ticket_views: () => import('./features/ticket/list/TicketViewsPage').then((m) => m.TicketViewsPage),
  ticket_account: () => import('./features/ticket/page/TicketAccountPage').then((m) => m.TicketAccountPage),
  ticket_add: () => import('./features/ticket/page/TicketAddPage').then((m) => m.TicketAddPage),
  chat: () => import('./features/chat/ChatPage').then((m) => m.ChatPage),
  setting_widget: () => import('./features/chat/WidgetSettingsPage').then((m) => m.WidgetSettingsPage),
  setting_chat: () => import('./features/chat/ChatSettingsPage').then((m) => m.ChatSettingsPage),
  setting_chat_trigger: () => import('./features/chat-trigger/ChatTriggerPage').then((m) => m.ChatTriggerPage),
  setting_appearance: () => import('./features/appearance/AppearancePage').then((m) => m.AppearancePage),
  dashboard: () => import('./features/dashboard/DashboardPage').then((m) => m.DashboardPage),
  report_efficiency: () => import('./features/report/EfficiencyPage').then((m) => m.EfficiencyPage),
  report_assignee_activity: () => import('./features/report/AssigneeActivityPage').then((m) => m.AssigneeActivityPage),
  report_agent_updates: () => import('./features/report/AgentUpdatesPage').then((m) => m.AgentUpdatesPage),
  report_unsolved: () => import('./features/report/UnsolvedPage').then((m) => m.UnsolvedPage),
  report_backlog: () => import('./features/report/BacklogPage').then((m) => m.BacklogPage),
  report_satisfaction: () => import('./features/report/SatisfactionPage').then((m) => m.SatisfactionPage),
  report_rule_usage: () => import('./features/report/RuleUsagePage').then((m) => m.RuleUsagePage),
  setting_details: () => import('./features/account-setting/DetailsPage').then((m) => m.DetailsPage),
  setting_localization: () => import('./features/account-setting/LocalizationPage').then((m) => m.LocalizationPage),
  setting_getting_started: () =>
    import('./features/account-setting/GettingStartedPage').then((m) => m.GettingStartedPage),
  setting_todo: () => import('./features/todo/TodoPage').then((m) => m.TodoPage),
  setting_schedule: () => import('./features/schedule/ScheduleListPage').then((m) => m.ScheduleListPage),
  setting_schedule_add: () => import('./features/schedule/ScheduleAddPage').then((m) => m.ScheduleAddPage),
  setting_schedule_edit: () => import('./features/schedule/ScheduleEditPage').then((m) => m.ScheduleEditPage),
  setting_trigger: () => import('./features/rule/TriggerListPage').then((m) => m.TriggerListPage),
  setting_trigger_add: () => import('./features/rule/TriggerAddPage').then((m) => m.TriggerAddPage),
  setting_trigger_edit: () => import('./features/rule/TriggerEditPage').then((m) => m.TriggerEditPage),
  setting_automation: () => import('./features/rule/AutomationListPage').then((m) => m.AutomationListPage),
  setting_automation_add: () => import('./features/rule/AutomationAddPage').then((m) => m.AutomationAddPage),
  setting_automation_edit: () => import('./features/rule/AutomationEditPage').then((m) => m.AutomationEditPage),
  setting_sla: () => slaPages().then((m) => m.SlaListPage),
  setting_sla_add: () => slaPages().then((m) => m.SlaAddPage),
  setting_sla_edit: () => slaPages().then((m) => m.SlaEditPage),
};

// What an agent opens next from the ticket list, loaded once the list is on screen: the ticket
// page with the lists it reads beside the ticket, and the search.
registerWarmScreens([
  ticketScreen.preload,
  (client) => import('./features/ticket/page/ticketLists').then((m) => m.prefetchTicketLists(client)),
  searchScreen.preload,
]);

/** Public screens built without Ant Design (components/light): they load none of it. */
const lightScreens = new Set(['home', 'satisfaction', 'login', 'password']);

/** A screen outside the staff shell that is built with Ant Design gets its theme and App around it. */
const withAntd =
  (load: TScreenLoader): TScreenLoader =>
  async () => {
    const [Screen, { AntdRoot }] = await Promise.all([
      load(),
      import('./AntdRoot').then(async (m) => {
        await m.antdLocaleReady;
        return m;
      }),
    ]);
    return () => (
      <AntdRoot>
        <Screen />
      </AntdRoot>
    );
  };

function toRoute(entry: TRouteEntry, path: string | undefined, fallback: TScreenLoader): RouteObject {
  const screen = screens[entry.key] ?? fallback;
  const load = entry.needsLogin || lightScreens.has(entry.key) ? screen : withAntd(screen);
  const handle: TRouteHandle = { key: entry.key };
  const ahead = preloaded[entry.key];
  if (ahead) {
    const element = <PreloadedScreen screen={ahead} />;
    return path === undefined ? { index: true, handle, element } : { path, handle, element };
  }
  const lazy = async () => ({ Component: await load() });
  return path === undefined ? { index: true, handle, lazy } : { path, handle, lazy };
}

const staffChildren: RouteObject[] = staffRouteEntries.map((entry) =>
  toRoute(entry, entry.path === paths.index ? undefined : entry.path.slice(`${paths.index}/`.length), notBuilt),
);

export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: () => <PageLoading fullScreen />,
    children: [
      ...publicRoutes.map((entry) => toRoute(entry, entry.path, publicNotBuilt)),
      {
        path: paths.index,
        lazy: async () => {
          const { StaffShell, antdLocaleReady } = await import('./layout/StaffShell');
          await antdLocaleReady;
          return { Component: StaffShell };
        },
        children: staffChildren,
      },
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
];

/** The app's router; a signed-out visitor at a staff address starts at sign-in (auth/guard.ts's signInFirst). */
export function createAppRouter() {
  const { pathname, search } = window.location;
  const start = signInFirst(pathname, search, authStore.token());
  if (start) {
    // No token here: nor a cookie for the server to draw the list with (decision 0019).
    authStore.clear();
    window.history.replaceState(null, '', start);
  }
  return createBrowserRouter(routes);
}
