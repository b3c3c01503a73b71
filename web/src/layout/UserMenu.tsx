import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { authApi } from '../api/auth';
import { useSession } from '../auth/SessionContext';
import { authStore } from '../auth/storage';
import { LateDropdown } from '../components/LateDropdown';
import { Text } from '../components/Text';
import { useTranslation } from '../i18n/useTranslation';
import { paths } from '../routes/table';
import { useStableNavigate } from '../routes/useStableNavigate';
import { tabStore } from './tabs';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]?.[0], parts[parts.length - 1]?.[0]] : [Array.from(name.trim())[0]];
  return letters.join('').toUpperCase();
}

/**
 * Ant Design's 28px round Avatar as its markup (its code brings Popover and Tooltip for avatar
 * groups into the shell's first load): the picture, else the initials.
 */
function Avatar({ src, text }: { src?: string; text: string }) {
  const size = { width: 28, height: 28, fontSize: 18 };
  const letters = useRef<HTMLSpanElement>(null);
  const [scale, setScale] = useState(1);
  // As Ant Design's: initials wider than the circle less 4px each side are scaled down to fit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the initials change
  useLayoutEffect(() => {
    const width = letters.current?.offsetWidth ?? 0;
    setScale(width > 20 ? 20 / width : 1);
  }, [text]);
  return src ? (
    <span className="ant-avatar ant-avatar-circle ant-avatar-image parley ant-avatar-css-var" style={size}>
      <img src={src} alt="" />
    </span>
  ) : (
    <span className="ant-avatar ant-avatar-circle parley ant-avatar-css-var" style={{ ...size, background: '#1668dc' }}>
      <span ref={letters} className="ant-avatar-string" style={{ transform: `scale(${scale})` }}>
        {text}
      </span>
    </span>
  );
}

/** Name, "My profile" and "Sign out". `compact`: the button shows the avatar alone (the menu still names the agent). */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useStableNavigate();
  const queryClient = useQueryClient();
  const { user, clearUser } = useSession();
  const [signingOut, setSigningOut] = useState(false);
  const name = user?.real_name ?? authStore.realName() ?? '';

  const signOut = async () => {
    setSigningOut(true);
    try {
      await authApi.logout({ silent: true });
    } catch {
      // The session ends on this side either way.
    }
    authStore.clear();
    tabStore.clear();
    clearUser();
    queryClient.clear();
    setSigningOut(false);
    void navigate(paths.login, { replace: true });
  };

  return (
    <LateDropdown
      placement="bottomRight"
      menu={{
        items: [
          {
            key: 'who',
            disabled: true,
            label: (
              <Flex vertical style={{ minWidth: 180 }}>
                <Text strong>{name}</Text>
                <Text type="secondary">{user?.email}</Text>
              </Flex>
            ),
          },
          { type: 'divider' },
          // Icons hidden from screen readers: the items are named by their words alone.
          { key: 'profile', icon: <UserOutlined aria-hidden />, label: t('user.my_profile') },
          { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('user.sign_out'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') {
            void navigate(paths.profile);
          } else if (key === 'logout') {
            void signOut();
          }
        },
      }}
    >
      <Button
        type="text"
        loading={signingOut}
        aria-label={t('user.menu')}
        style={compact ? { height: 40, paddingInline: 6 } : { height: 40 }}
      >
        <Flex align="center" gap={8}>
          <Avatar src={user?.avatar || undefined} text={initials(name)} />
          {!compact && (
            <>
              <Text style={{ maxWidth: 160 }} ellipsis>
                {name}
              </Text>
              <DownOutlined aria-hidden style={{ fontSize: 10 }} />
            </>
          )}
        </Flex>
      </Button>
    </LateDropdown>
  );
}
