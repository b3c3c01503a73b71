import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Layout } from 'antd';
import { lazy, memo, type ReactNode, Suspense, use, useState } from 'react';
import { useLocation } from 'react-router';
import { AntdRoot } from '../AntdRoot';
import { useGuardPending, useSession } from '../auth/SessionContext';
import { usePermission } from '../auth/usePermission';
import { BrandMark } from '../components/BrandMark';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { PageLoading } from '../components/PageLoading';
import { ChatProvider } from '../features/chat/ChatContext';
import { staffStringsReady } from '../i18n/staffStrings';
import { useTranslation } from '../i18n/useTranslation';
import { theme } from '../theme';
import { HeaderTabs } from './HeaderTabs';
import { Screens } from './Screens';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';
import { usePhone } from './usePhone';

// The router and the error pages wait for it before they render the shell.
export { antdLocaleReady } from '../AntdRoot';

// Not needed for the first paint, and heavy for what they are (the chat state's Select, the
// todo's Popover and Badge): they load after the shell, in places kept for them (issue 15).
const ChatStateSwitch = lazy(() =>
  import('../features/chat/ChatStateSwitch').then((m) => ({ default: m.ChatStateSwitch })),
);
const TodoButton = lazy(() => import('../features/todo/TodoButton').then((m) => ({ default: m.TodoButton })));
// Only an admin still on the password printed at the first start sees it.
const TemporaryPasswordAlert = lazy(() =>
  import('../features/profile/TemporaryPasswordAlert').then((m) => ({ default: m.TemporaryPasswordAlert })),
);
// Only phones open it, and only once the menu button is pressed.
const MenuDrawer = lazy(() => import('./MenuDrawer').then((m) => ({ default: m.MenuDrawer })));

const siderWidth = 232;
const siderBg = theme.components?.Layout?.siderBg ?? '#001529';

function Brand({ showName }: { showName: boolean }) {
  return (
    <Flex align="center" justify={showName ? 'flex-start' : 'center'} style={{ height: 56, padding: '0 20px' }}>
      <BrandMark dark size={28} showName={showName} />
    </Flex>
  );
}

/**
 * The staff back office frame: side menu, header tabs, language, user menu. Shows the matched
 * staff screen, or `children` (the forbidden and not-found pages of a signed-in agent).
 * Memoised: the router renders it again on every change of page, and the frame itself does not
 * change with the page; what does (the menu's selection, the tabs, the screen) reads the router's
 * state where it is shown (issue 15: the whole frame rendered again when a ticket opened).
 */
export const StaffShell = memo(function StaffShell({ children }: { children?: ReactNode }) {
  // The back office's texts load with the shell (the public pages carry only their own).
  // Ant Design comes with the shell: the public pages never load it.
  return (
    <AntdRoot>
      <Suspense fallback={<PageLoading fullScreen />}>
        <Shell>{children}</Shell>
      </Suspense>
    </AntdRoot>
  );
});

/**
 * At phone widths, the side menu opens over the page from the header's menu button, and closes once
 * a page is chosen: it is open on the page it was opened on. Its own component, so that the shell
 * and the screen in it do not render again on every change of address.
 */
function PhoneMenu() {
  const { t } = useTranslation();
  const page = useLocation().key;
  const [openOn, setOpenOn] = useState<string | null>(null);
  return (
    <>
      <Button
        type="text"
        aria-label={t('shell.menu')}
        aria-expanded={openOn === page}
        icon={<MenuOutlined aria-hidden />}
        onClick={() => setOpenOn(page)}
      />
      {openOn !== null && (
        <Suspense fallback={null}>
          <MenuDrawer
            open={openOn === page}
            label={t('shell.menu')}
            background={siderBg}
            onClose={() => setOpenOn(null)}
          >
            <Brand showName />
            <SideMenu collapsed={false} />
          </MenuDrawer>
        </Suspense>
      )}
    </>
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
  // A phone has no room beside the page for even the collapsed side bar (PhoneMenu).
  const phone = usePhone();

  const shell = (
    <Layout style={{ minHeight: '100vh' }}>
      {!phone && (
        <Layout.Sider
          width={siderWidth}
          collapsible
          collapsed={collapsed}
          trigger={null}
          breakpoint="lg"
          onBreakpoint={setCollapsed}
          // Its own layer above the page (a z-index): without one, Chromium gave every page element
          // painted after it a compositor layer of its own ("overlaps other composited content": 65
          // layers with the ticket list, 8 with it), and sorted them all out again on every frame.
          style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto', zIndex: 11 }}
        >
          <Brand showName={!collapsed} />
          {/* A landmark a screen reader can jump to. */}
          <nav aria-label={t('shell.menu')}>
            <SideMenu collapsed={collapsed} />
          </nav>
        </Layout.Sider>
      )}
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
            ...(phone && { padding: '0 8px', gap: 4 }),
          }}
        >
          {phone ? (
            <PhoneMenu />
          ) : (
            <Button
              type="text"
              aria-label={collapsed ? t('shell.expand_menu') : t('shell.collapse_menu')}
              icon={collapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
              onClick={() => setCollapsed(!collapsed)}
            />
          )}
          <HeaderTabs showList={can('menu', '/wswt')} hidden={phone} />
          {/* At phone widths the header's items keep their icons; their names stay as labels and tooltips. */}
          <Suspense fallback={null}>{takesChats && <ChatStateSwitch compact={phone} />}</Suspense>
          <Suspense fallback={<span style={{ width: 32, height: 32, flex: 'none' }} />}>
            <TodoButton />
          </Suspense>
          <LanguageSwitch compact={phone} />
          <UserMenu compact={phone} />
        </Layout.Header>
        <Layout.Content className="staff-content" style={phone ? { padding: 12 } : undefined}>
          {user?.password_temporary && (
            <Suspense fallback={null}>
              <TemporaryPasswordAlert phone={phone} />
            </Suspense>
          )}
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
