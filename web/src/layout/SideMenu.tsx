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
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { usePermission } from '../auth/usePermission';
import { LightMenu, type TLightMenuItem } from '../components/LightMenu';
import { Skeleton } from '../components/light/Result';
import { dashboardPath, routeKeyOf, selectedMenuPath, visibleMenu } from './menu';

const ticketIcons: Record<string, ReactNode> = {
  '/wswt': <InboxOutlined />,
  '/wswt/chat': <MessageOutlined />,
  '/wswt/ticket_views': <AppstoreOutlined />,
  '/wswt/search': <SearchOutlined />,
  '/wswt/ticket/add': <FileAddOutlined />,
};

type TItem = TLightMenuItem;

// Collapsed (icons only, sub-menus as pop-ups), the menu is Ant Design's: loaded when first
// collapsed, so the shell's first load does without it (issue 15).
const CollapsedMenu = lazy(() => import('./CollapsedMenu').then((m) => ({ default: m.CollapsedMenu })));

/** The side menu, showing only the screens the caller may open. */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { can, loading } = usePermission();

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
      out.push(leaf(dashboardPath, <DashboardOutlined />));
    }
    if (menu.reports.length > 0) {
      out.push({
        key: 'reports',
        icon: <BarChartOutlined />,
        label: t('menu.reports'),
        children: menu.reports.map((p) => leaf(p)),
      });
    }
    if (menu.settings.length > 0) {
      out.push({
        key: 'settings',
        icon: <SettingOutlined />,
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
  const open = (key: string) => {
    void navigate(key);
  };
  const defaultOpenKeys = selected?.startsWith('/wswt/setting/') ? ['settings'] : [];
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
