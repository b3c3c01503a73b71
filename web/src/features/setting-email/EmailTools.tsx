import type { TEmailCheckResponse } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, type FormInstance, Input, Space } from 'antd';
import { useState } from 'react';
import { settingApi } from '../../api/setting';
import { useTranslation } from '../../i18n/useTranslation';

/** "Send a test mail" and "Test the mailbox" with the form's current values, and what failed. */
export function CheckButtons({ form, disabled }: { form: FormInstance; disabled: boolean }) {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const [result, setResult] = useState<{ what: 'send' | 'mailbox'; answer: TEmailCheckResponse } | null>(null);
  const check = useMutation({
    mutationFn: async (what: 'send' | 'mailbox') => {
      // The form's own checks first, said under each field, as Save says them.
      await form.validateFields();
      const v = form.getFieldsValue(true) as Record<string, unknown>;
      const body = {
        sender: String(v.sender ?? ''),
        smtp_host: String(v.smtp_host ?? ''),
        imap_host: String(v.imap_host ?? ''),
        gateway: String(v.gateway ?? ''),
        account: String(v.account ?? ''),
        password: String(v.password ?? ''),
        use_ssl: Boolean(v.use_ssl),
        to,
      };
      // A refusal is said once, in the alert below, not also in a toast.
      const opts = { silent: ['FFFF'] as const };
      const answer =
        what === 'send' ? await settingApi.emailTestSend(body, opts) : await settingApi.emailTestMailbox(body, opts);
      return { what, answer };
    },
    onSuccess: setResult,
    onError: () => setResult(null),
  });
  const a = result?.answer;
  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }}>
      <Space wrap>
        <Input
          style={{ width: 260 }}
          placeholder={t('email_setting.test_to')}
          aria-label={t('email_setting.test_to')}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          disabled={disabled}
        />
        <Button
          onClick={() => check.mutate('send')}
          loading={check.isPending && check.variables === 'send'}
          disabled={disabled}
        >
          {t('email_setting.test_send')}
        </Button>
        <Button
          onClick={() => check.mutate('mailbox')}
          loading={check.isPending && check.variables === 'mailbox'}
          disabled={disabled}
        >
          {t('email_setting.test_mailbox')}
        </Button>
      </Space>
      {check.isError && check.error instanceof Error && <Alert type="error" showIcon title={check.error.message} />}
      {a && result && (
        <Alert
          type={a.ok ? 'success' : 'error'}
          showIcon
          title={
            a.ok
              ? result.what === 'send'
                ? t('email_setting.test_send_ok', { endpoint: a.endpoint })
                : t('email_setting.test_mailbox_ok', { endpoint: a.endpoint, count: a.messages ?? 0 })
              : t(`email_setting.failed_${a.stage ?? 'send'}`, { endpoint: a.endpoint })
          }
          description={a.detail || undefined}
        />
      )}
    </Flex>
  );
}
