import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Dropdown, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { authApi } from '../api/auth';
import { useSession } from '../auth/SessionContext';
import { authStore } from '../auth/storage';
import { paths } from '../routes/table';
import { tabStore } from './tabs';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]?.[0], parts[parts.length - 1]?.[0]] : [Array.from(name.trim())[0]];
  return letters.join('').toUpperCase();
}

/** Name, "My profile" and "Sign out". */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          {
            key: 'who',
            disabled: true,
            label: (
              <Flex vertical style={{ minWidth: 180 }}>
                <Typography.Text strong>{name}</Typography.Text>
                <Typography.Text type="secondary">{user?.email}</Typography.Text>
              </Flex>
            ),
          },
          { type: 'divider' },
          { key: 'profile', icon: <UserOutlined />, label: t('user.my_profile') },
          { key: 'logout', icon: <LogoutOutlined />, label: t('user.sign_out'), danger: true },
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
      <Button type="text" loading={signingOut} aria-label={t('user.menu')} style={{ height: 40 }}>
        <Flex align="center" gap={8}>
          <Avatar size={28} src={user?.avatar || undefined} style={{ background: '#1668dc' }}>
            {initials(name)}
          </Avatar>
          <Typography.Text style={{ maxWidth: 160 }} ellipsis>
            {name}
          </Typography.Text>
          <DownOutlined style={{ fontSize: 10 }} />
        </Flex>
      </Button>
    </Dropdown>
  );
}
