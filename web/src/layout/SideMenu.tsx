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
import { Menu, type MenuProps } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { usePermission } from '../auth/usePermission';
import { Skeleton } from '../components/light/Result';
import { dashboardPath, routeKeyOf, selectedMenuPath, visibleMenu } from './menu';

const ticketIcons: Record<string, ReactNode> = {
  '/wswt': <InboxOutlined />,
  '/wswt/chat': <MessageOutlined />,
  '/wswt/ticket_views': <AppstoreOutlined />,
  '/wswt/search': <SearchOutlined />,
  '/wswt/ticket/add': <FileAddOutlined />,
};

type TItem = Required<MenuProps>['items'][number];

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
  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      defaultOpenKeys={selected?.startsWith('/wswt/setting/') ? ['settings'] : []}
      onClick={({ key }) => {
        void navigate(key);
      }}
    />
  );
}
