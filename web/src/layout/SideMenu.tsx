import {
  AppstoreOutlined,
  BarChartOutlined,
  DashboardOutlined,
  FileAddOutlined,
  InboxOutlined,
  MessageOutlined,
  SearchOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { TStaffPath } from '@parley/contracts';
import { lazy, type ReactNode, Suspense, useCallback, useMemo } from 'react';
import { useLocation } from 'react-router';
import { usePermission } from '../auth/usePermission';
import { LightMenu, type TLightMenuItem } from '../components/LightMenu';
import { Skeleton } from '../components/light/Result';
import { useTranslation } from '../i18n/useTranslation';
import { useStableNavigate } from '../routes/useStableNavigate';
import { dashboardPath, routeKeyOf, selectedMenuPath, visibleMenu } from './menu';

// The icons are decoration: hidden from screen readers, an item is named by its words alone
// (not "inbox Ticket list").
const ticketIcons: Record<string, ReactNode> = {
  '/wswt': <InboxOutlined aria-hidden />,
  '/wswt/chat': <MessageOutlined aria-hidden />,
  '/wswt/ticket_views': <AppstoreOutlined aria-hidden />,
  '/wswt/search': <SearchOutlined aria-hidden />,
  '/wswt/ticket/add': <FileAddOutlined aria-hidden />,
};

type TItem = TLightMenuItem;
/** The sub-menus open at first: the same arrays from one render to the next (the menu is memoised). */
const settingsOpen = ['settings'];
const closed: string[] = [];

// Collapsed (icons only, sub-menus as pop-ups), the menu is Ant Design's: loaded when first
// collapsed, so the shell's first load does without it (issue 15).
const CollapsedMenu = lazy(() => import('./CollapsedMenu').then((m) => ({ default: m.CollapsedMenu })));

/** The side menu, showing only the screens the caller may open. */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useStableNavigate();
  const { pathname } = useLocation();
  const { can, loading } = usePermission();
  const open = useCallback((key: string) => void navigate(key), [navigate]);

  const items = useMemo<TItem[]>(() => {
    // The paths come from the route table itself (contracts' staff routes).
    const menu = visibleMenu((path) => can('menu', path as TStaffPath));
    const leaf = (path: string, icon?: ReactNode): TItem => ({
      key: path,
      icon,
      label: t(`route.${routeKeyOf(path)}`),
    });
    const out: TItem[] = [];
    if (menu.tickets.length > 0) {
      out.push({
        type: 'group',
        key: 'tickets',
        label: collapsed ? null : t('menu.tickets'),
        children: menu.tickets.map((p) => leaf(p, ticketIcons[p])),
      });
    }
    if (menu.dashboard) {
      out.push(leaf(dashboardPath, <DashboardOutlined aria-hidden />));
    }
    if (menu.reports.length > 0) {
      out.push({
        key: 'reports',
        icon: <BarChartOutlined aria-hidden />,
        label: t('menu.reports'),
        children: menu.reports.map((p) => leaf(p)),
      });
    }
    if (menu.settings.length > 0) {
      out.push({
        key: 'settings',
        icon: <SettingOutlined aria-hidden />,
        label: t('menu.settings'),
        children: menu.settings.map((section) => ({
          type: 'group' as const,
          key: section.key,
          label: t(`menu.${section.key}`),
          children: section.paths.map((p) => leaf(p)),
        })),
      });
    }
    return out;
  }, [can, t, collapsed]);

  if (loading) {
    return (
      <div style={{ padding: 16 }}>
        <Skeleton rows={5} />
      </div>
    );
  }

  const selected = selectedMenuPath(pathname);
  const defaultOpenKeys = selected?.startsWith('/wswt/setting/') ? settingsOpen : closed;
  if (collapsed) {
    return (
      <Suspense fallback={null}>
        <CollapsedMenu items={items} selected={selected} onSelect={open} />
      </Suspense>
    );
  }
  return (
    <LightMenu theme="dark" items={items} selectedKey={selected} defaultOpenKeys={defaultOpenKeys} onSelect={open} />
  );
}
