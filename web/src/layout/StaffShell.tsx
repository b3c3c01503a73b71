import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Layout } from 'antd';
import { lazy, type ReactNode, Suspense, use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AntdRoot } from '../AntdRoot';
import { useGuardPending, useSession } from '../auth/SessionContext';
import { usePermission } from '../auth/usePermission';
import { BrandMark } from '../components/BrandMark';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { PageLoading } from '../components/PageLoading';
import { ChatProvider } from '../features/chat/ChatContext';
import { staffStringsReady } from '../i18n/staffStrings';
import { HeaderTabs } from './HeaderTabs';
import { Screens } from './Screens';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';

// The router and the error pages wait for it before they render the shell.
export { antdLocaleReady } from '../AntdRoot';

// Not needed for the first paint, and heavy for what they are (the chat state's Select, the
// todo's Popover and Badge): they load after the shell, in places kept for them (issue 15).
const ChatStateSwitch = lazy(() =>
  import('../features/chat/ChatStateSwitch').then((m) => ({ default: m.ChatStateSwitch })),
);
const TodoButton = lazy(() => import('../features/todo/TodoButton').then((m) => ({ default: m.TodoButton })));

const siderWidth = 232;

/**
 * The staff back office frame: side menu, header tabs, language, user menu. Shows the matched
 * staff screen, or `children` (the forbidden and not-found pages of a signed-in agent).
 */
export function StaffShell({ children }: { children?: ReactNode }) {
  // The back office's texts load with the shell (the public pages carry only their own).
  // Ant Design comes with the shell: the public pages never load it.
  return (
    <AntdRoot>
      <Suspense fallback={<PageLoading fullScreen />}>
        <Shell>{children}</Shell>
      </Suspense>
    </AntdRoot>
  );
}

function Shell({ children }: { children?: ReactNode }) {
  use(staffStringsReady);
  const { t } = useTranslation();
  const pending = useGuardPending();
  const { can } = usePermission();
  const [collapsed, setCollapsed] = useState(false);
  const { user } = useSession();
  const takesChats = Boolean(user?.tool_access.includes('chat'));

  const shell = (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={siderWidth}
        collapsible
        collapsed={collapsed}
        trigger={null}
        breakpoint="lg"
        onBreakpoint={setCollapsed}
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
      >
        <Flex align="center" justify={collapsed ? 'center' : 'flex-start'} style={{ height: 56, padding: '0 20px' }}>
          <BrandMark dark size={28} showName={!collapsed} />
        </Flex>
        <SideMenu collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 10,
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            height: 56,
            lineHeight: 'normal',
            borderBottom: '1px solid #eef0f3',
          }}
        >
          <Button
            type="text"
            aria-label={collapsed ? t('shell.expand_menu') : t('shell.collapse_menu')}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed(!collapsed)}
          />
          <HeaderTabs showList={can('menu', '/wswt')} />
          <Suspense fallback={null}>{takesChats && <ChatStateSwitch />}</Suspense>
          <Suspense fallback={<span style={{ width: 32, height: 32, flex: 'none' }} />}>
            <TodoButton />
          </Suspense>
          <LanguageSwitch />
          <UserMenu />
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          {children === undefined ? (
            <Screens pending={pending} />
          ) : pending ? (
            <PageLoading />
          ) : (
            <Suspense fallback={<PageLoading />}>{children}</Suspense>
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
  // One chat connection for the whole shell: the badge and the sound reach any screen.
  return takesChats ? <ChatProvider>{shell}</ChatProvider> : shell;
}
