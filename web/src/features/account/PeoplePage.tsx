import { PlusOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Can } from '../../components/Can';
import { LinkButton } from '../../components/LinkButton';
import { PageHeader } from '../../components/PageHeader';
import { useTranslation } from '../../i18n/useTranslation';
import { GroupsPanel } from '../group/GroupsPanel';
import { groupPaths } from '../group/queries';
import { AccountAddModal } from './AccountAddModal';
import { AccountsPanel, userTypeOf } from './AccountsPanel';

/** Settings › People: accounts, and a tab of agent groups. */
export function PeoplePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'groups' ? 'groups' : 'people';
  const [adding, setAdding] = useState(false);

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200, margin: '0 auto' }}>
      <PageHeader
        subtitle={t('people.subtitle')}
        actions={
          tab === 'groups' ? (
            <Can btn="auth.group.add">
              <LinkButton type="primary" icon={<PlusOutlined aria-hidden />} to={groupPaths.add}>
                {t('group.add')}
              </LinkButton>
            </Can>
          ) : (
            <Can btn="auth.account.add">
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
                {t('people.add')}
              </Button>
            </Can>
          )
        }
      />
      <Card variant="borderless" styles={{ body: { paddingTop: 8 } }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'groups' ? { tab: 'groups' } : {}, { replace: true })}
          items={[
            {
              key: 'people',
              icon: <UserOutlined aria-hidden />,
              label: t('people.tab_people'),
              children: <AccountsPanel />,
            },
            {
              key: 'groups',
              icon: <TeamOutlined aria-hidden />,
              label: t('people.tab_groups'),
              children: <GroupsPanel />,
            },
          ]}
          destroyOnHidden
        />
      </Card>
      <AccountAddModal
        open={adding}
        userType={userTypeOf(params.get('user_type') ?? undefined) ?? 'agent'}
        onClose={() => setAdding(false)}
      />
    </Flex>
  );
}
