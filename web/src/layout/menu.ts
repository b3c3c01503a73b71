import { allStaffRoutes } from '@parley/contracts';

/** The side menu: which route opens where. Labels are `route.<key>`; sections `menu.<key>`. */
export interface TMenuSection {
  key: string;
  paths: readonly string[];
}

export const ticketPaths: readonly string[] = [
  '/wswt',
  '/wswt/chat',
  '/wswt/ticket_views',
  '/wswt/search',
  '/wswt/ticket/add',
];
export const dashboardPath = '/wswt/dashboard';
/** The reports, under their own entry of the side menu. */
export const reportPaths: readonly string[] = [
  '/wswt/report/efficiency',
  '/wswt/report/assignee_activity',
  '/wswt/report/agent_updates',
  '/wswt/report/unsolved',
  '/wswt/report/backlog',
  '/wswt/report/satisfaction',
  '/wswt/report/rule_usage',
];

const s = (p: string) => `/wswt/setting/${p}`;

export const settingSections: readonly TMenuSection[] = [
  { key: 'settings_manage', paths: [s('people'), s('company'), s('role')] },
  { key: 'settings_tickets', paths: [s('view'), s('field'), s('form'), s('note'), s('tag'), s('ticket')] },
  {
    key: 'settings_channels',
    paths: [s('email'), s('widget'), s('chat'), s('chat_trigger'), s('shortcut'), s('banned')],
  },
  { key: 'settings_rules', paths: [s('trigger'), s('automation'), s('sla'), s('schedule')] },
  {
    key: 'settings_account',
    paths: [s('details'), s('localization'), s('appearance'), s('getting_started'), s('todo')],
  },
  { key: 'settings_permissions', paths: [s('auth/node'), s('auth/pkg')] },
];

const keyByPath = new Map(allStaffRoutes.map((r) => [r.path, r.key]));

/** The i18n key of a menu path's label. */
export function routeKeyOf(path: string): string {
  return keyByPath.get(path) ?? 'index';
}

export interface TVisibleMenu {
  tickets: string[];
  dashboard: boolean;
  reports: string[];
  settings: { key: string; paths: string[] }[];
}

/** Screens every signed-in staff member opens without a menu node (their own todo list). */
const ungranted = new Set(allStaffRoutes.filter((r) => !r.menu).map((r) => r.path));

/** Only what the caller may open. */
export function visibleMenu(mayNode: (path: string) => boolean): TVisibleMenu {
  const may = (path: string) => ungranted.has(path) || mayNode(path);
  return {
    tickets: ticketPaths.filter(may),
    dashboard: may(dashboardPath),
    reports: reportPaths.filter(may),
    settings: settingSections
      .map((section) => ({ key: section.key, paths: section.paths.filter(may) }))
      .filter((section) => section.paths.length > 0),
  };
}

/** The first page of the menu the caller may open (where to start without the ticket list), or null. */
export function firstMenuPath(mayNode: (path: string) => boolean): string | null {
  const menu = visibleMenu(mayNode);
  const paths = [
    ...menu.tickets,
    ...(menu.dashboard ? [dashboardPath] : []),
    ...menu.reports,
    ...menu.settings.flatMap((section) => section.paths),
  ];
  return paths[0] ?? null;
}

const allMenuPaths = [...ticketPaths, dashboardPath, ...reportPaths, ...settingSections.flatMap((x) => x.paths)];

/** Screens reached from a list that is not their path's parent: groups live on People. */
const menuHomes: ReadonlyArray<[prefix: string, menuPath: string]> = [
  ['/wswt/setting/group', s('people')],
  ['/wswt/account/', s('people')],
  ['/wswt/company/', s('company')],
];

/** The menu entry to highlight: `/wswt/setting/company/edit` lights up Organizations. */
export function selectedMenuPath(pathname: string): string | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const home = menuHomes.find(([prefix]) => clean.startsWith(prefix) && clean !== '/wswt/account/my/profile');
  if (home) {
    return home[1];
  }
  let best: string | null = null;
  for (const path of allMenuPaths) {
    const hit = path === '/wswt' ? clean === path : clean === path || clean.startsWith(`${path}/`);
    if (hit && (best === null || path.length > best.length)) {
      best = path;
    }
  }
  return best;
}
