import type { TEmailTemplate } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { settingApi } from '../../api/setting';
import { PageLoading } from '../../components/PageLoading';
import { useConfirm } from '../../components/useConfirm';
import { useFormatTime } from '../../components/useFormatTime';
import { useTranslation } from '../../i18n/useTranslation';

/** Editable notification templates, en and zh-cn. */
export function TemplatesPanel({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['settings', 'email', 'templates'],
    queryFn: ({ signal }) => settingApi.emailTemplates({ signal }),
  });
  const [key, setKey] = useState('public_reply|en');
  const [form] = Form.useForm<TEmailTemplate>();
  const { confirm } = useConfirm();
  /** Another template, after asking when this one's edits are not saved. */
  const choose = (next: string) => {
    const edited =
      current && (form.getFieldValue('subject') !== current.subject || form.getFieldValue('body') !== current.body);
    if (!edited) {
      setKey(next);
      return;
    }
    confirm({
      title: t('email_setting.template_discard'),
      okText: t('email_setting.template_discard_ok'),
      danger: true,
      onOk: async () => setKey(next),
    });
  };
  const reset = () =>
    confirm({
      title: t('email_setting.template_reset_ask'),
      okText: t('email_setting.template_reset'),
      danger: true,
      onOk: () => save.mutateAsync({ subject: '', body: '' }),
    });
  const current = list.data?.list.find((x) => `${x.name}|${x.lang}` === key);
  useEffect(() => {
    if (current) {
      form.setFieldsValue({ subject: current.subject, body: current.body });
    }
  }, [current, form]);
  const save = useMutation({
    mutationFn: (values: { subject: string; body: string }) =>
      settingApi.emailTemplateEdit({ ...(current as TEmailTemplate), ...values }),
    onSuccess: async () => {
      void message.success(t('email_setting.template_saved'));
      await queryClient.invalidateQueries({ queryKey: ['settings', 'email', 'templates'] });
      // What is in effect now, shown as it is: a subject or body left empty is the default text,
      // and an unchanged answer would not set the inputs again by itself.
      const fresh = queryClient
        .getQueryData<{ list: TEmailTemplate[] }>(['settings', 'email', 'templates'])
        ?.list.find((x) => `${x.name}|${x.lang}` === key);
      if (fresh) {
        form.setFieldsValue({ subject: fresh.subject, body: fresh.body });
      }
    },
  });
  if (list.isError) {
    return <Alert type="error" showIcon title={(list.error as Error).message} />;
  }
  if (!list.data) {
    return <PageLoading />;
  }
  return (
    <Form form={form} layout="vertical" disabled={!editable || save.isPending} onFinish={(v) => save.mutate(v)}>
      <Form.Item label={t('email_setting.template')} htmlFor="email-template">
        <Select
          id="email-template"
          value={key}
          onChange={choose}
          options={list.data.list.map((x) => ({
            value: `${x.name}|${x.lang}`,
            label: `${t(`email_setting.template_${x.name}`)} · ${x.lang === 'en' ? 'English' : '简体中文'}${x.is_default ? '' : ` (${t('email_setting.template_edited')})`}`,
          }))}
          disabled={false}
        />
      </Form.Item>
      <Form.Item name="subject" label={t('email_setting.template_subject')}>
        <Input maxLength={255} />
      </Form.Item>
      <Form.Item
        name="body"
        label={t('email_setting.template_body')}
        extra={`${t('email_setting.placeholders')}: ${list.data.placeholders.join(' ')}`}
      >
        <Input.TextArea autoSize={{ minRows: 4, maxRows: 14 }} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      {save.isError && (
        <Alert type="error" showIcon title={(save.error as Error).message} style={{ marginBottom: 12 }} />
      )}
      {editable && (
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('email_setting.template_save')}
          </Button>
          <Button onClick={reset}>{t('email_setting.template_reset')}</Button>
        </Space>
      )}
    </Form>
  );
}

/** Background jobs that used every try, with their error and a retry. */
export function FailedJobsPanel({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const queryClient = useQueryClient();
  const jobs = useQuery({
    queryKey: ['settings', 'email', 'failed-jobs'],
    queryFn: ({ signal }) => settingApi.emailFailedJobs({ signal }),
  });
  const retry = useMutation({
    mutationFn: (id: string) => settingApi.emailJobRetry(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['settings', 'email', 'failed-jobs'] }),
  });
  if (jobs.isError) {
    return <Alert type="error" showIcon title={(jobs.error as Error).message} />;
  }
  const retrying = jobs.data?.retrying ?? { count: 0, error: '' };
  return (
    <>
      {retrying.count > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('email_setting.jobs_retrying', { count: retrying.count })}
          description={retrying.error}
        />
      )}
      <Table
        rowKey="id"
        size="small"
        loading={jobs.isLoading}
        dataSource={jobs.data?.list ?? []}
        pagination={false}
        locale={{
          emptyText: (
            <Empty
              description={t(retrying.count > 0 ? 'email_setting.no_failed_jobs_yet' : 'email_setting.no_failed_jobs')}
            />
          ),
        }}
        columns={[
          { title: t('email_setting.job_queue'), dataIndex: 'queue', width: 110 },
          {
            title: t('email_setting.job_error'),
            dataIndex: 'error',
            render: (error: string) => <Typography.Text type="danger">{error}</Typography.Text>,
          },
          { title: t('email_setting.job_attempts'), dataIndex: 'attempts', width: 80 },
          {
            title: t('email_setting.job_time'),
            dataIndex: 'completed_ts',
            width: 170,
            render: (ts: number | null, row) => formatTime(ts ?? row.created_ts),
          },
          {
            title: t('common.actions'),
            width: 90,
            render: (_, row) =>
              editable && (
                <Button
                  size="small"
                  onClick={() => retry.mutate(row.id)}
                  loading={retry.isPending && retry.variables === row.id}
                >
                  {t('email_setting.job_retry')}
                </Button>
              ),
          },
        ]}
      />
    </>
  );
}
