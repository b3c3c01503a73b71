import { CheckCircleFilled, ClockCircleOutlined } from '@ant-design/icons';
import type { TGettingStartedStep, TStaffPath } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Progress, Typography } from 'antd';
import { accountSettingApi } from '../../api/accountSetting';
import { usePermission } from '../../auth/usePermission';
import { FormPage } from '../../components/FormPage';
import { LinkButton } from '../../components/LinkButton';
import { PageLoading } from '../../components/PageLoading';
import { useTranslation } from '../../i18n/useTranslation';

/** Where each step is done. */
const stepScreens: Record<TGettingStartedStep['step'], TStaffPath> = {
  helpdesk_named: '/wswt/setting/details',
  email_connected: '/wswt/setting/email',
  agent_invited: '/wswt/setting/people',
  widget_installed: '/wswt/setting/widget',
  ticket_solved: '/wswt',
};

/** Settings › Getting started: the first-day checklist, read from the help desk as it is now. */
export function GettingStartedPage() {
  const { t } = useTranslation();
  const steps = useQuery({
    queryKey: ['settings', 'getting_started'],
    queryFn: ({ signal }) => accountSettingApi.gettingStarted({ signal }),
  });
  if (steps.isError) {
    return (
      <FormPage>
        <Alert
          type="error"
          showIcon
          message={t('getting_started.failed')}
          action={<Button onClick={() => void steps.refetch()}>{t('common.retry')}</Button>}
        />
      </FormPage>
    );
  }
  if (!steps.data) {
    return (
      <FormPage>
        <PageLoading />
      </FormPage>
    );
  }
  const done = steps.data.list.filter((s) => s.done).length;
  const total = steps.data.list.length;
  return (
    <FormPage>
      <Flex vertical gap={16}>
        <Flex align="center" gap={16}>
          <Progress type="circle" size={64} percent={Math.round((done / total) * 100)} />
          <Flex vertical>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {done === total ? t('getting_started.all_done') : t('getting_started.progress', { done, total })}
            </Typography.Title>
            <Typography.Text type="secondary">{t('getting_started.intro')}</Typography.Text>
          </Flex>
        </Flex>
        <Flex vertical role="list">
          {steps.data.list.map((s) => (
            <Step key={s.step} step={s} />
          ))}
        </Flex>
      </Flex>
    </FormPage>
  );
}

function Step({ step }: { step: TGettingStartedStep }) {
  const { t } = useTranslation();
  const { can } = usePermission();
  const screen = stepScreens[step.step];
  return (
    <Flex
      role="listitem"
      align="center"
      gap={16}
      style={{ padding: '14px 0', borderBottom: '1px solid #f0f0f0' }}
      data-step={step.step}
      data-done={step.done}
    >
      {step.done ? (
        <CheckCircleFilled style={{ fontSize: 22, color: '#52c41a' }} aria-label={t('getting_started.done')} />
      ) : (
        <ClockCircleOutlined style={{ fontSize: 22, color: '#bfbfbf' }} aria-label={t('getting_started.todo')} />
      )}
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text strong delete={false}>
          {t(`getting_started.${step.step}`)}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t(`getting_started.${step.step}_${step.done ? 'done' : step.begun ? 'begun' : 'hint'}`, {
            count: step.count,
          })}
        </Typography.Text>
      </Flex>
      {!step.done && can('menu', screen) && <LinkButton to={screen}>{t('getting_started.go')}</LinkButton>}
    </Flex>
  );
}
