import { passwordProblem, ZLoginRequest } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from '../../api/auth';
import { isApiError } from '../../api/errors';
import { useSession } from '../../auth/SessionContext';
import { authStore } from '../../auth/storage';
import { checkRule, schemaRule, showFieldErrors } from '../../components/formRules';
import { translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import { paths } from '../../routes/table';

interface TPasswordValues {
  old_pass: string;
  new_pass: string;
  confirm: string;
}

/** Changing the password ends every session of the account, this one too. */
export function PasswordForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TPasswordValues>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { clearUser } = useSession();
  const [saving, setSaving] = useState(false);

  const submit = async (values: TPasswordValues) => {
    setSaving(true);
    try {
      await authApi.passwordEdit({ old_pass: values.old_pass, new_pass: values.new_pass }, { silent: ['FFFF'] });
    } catch (error) {
      setSaving(false);
      if (
        isApiError(error) &&
        error.code === 'FFFF' &&
        !showFieldErrors(form, error.fields, ['old_pass', 'new_pass'])
      ) {
        void message.error(error.message);
      }
      return;
    }
    void message.success(translateMessage('saved'));
    authStore.clear();
    clearUser();
    queryClient.clear();
    void navigate(paths.login, { replace: true });
  };

  return (
    <Form<TPasswordValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      disabled={saving}
      style={{ maxWidth: 420 }}
      requiredMark={false}
    >
      <Form.Item
        name="old_pass"
        label={t('profile.old_pass')}
        rules={[schemaRule(ZLoginRequest.shape.password)]}
        required
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="new_pass"
        label={t('profile.new_pass')}
        extra={t('profile.new_pass_hint')}
        rules={[
          schemaRule(ZLoginRequest.shape.password),
          // The rule it breaks, by name: its length (5 to 127), or that it is the email (the
          // server answers the spec's "Password is not allowed" for either).
          {
            validator: async (_rule, value: unknown) => {
              const problem = typeof value === 'string' ? passwordProblem(value, email) : null;
              if (problem) {
                throw new Error(translateMessage(problem));
              }
            },
          },
        ]}
        validateFirst
        required
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('profile.confirm_pass')}
        dependencies={['new_pass']}
        rules={[
          schemaRule(ZLoginRequest.shape.password),
          ({ getFieldValue }) => checkRule((value) => value === getFieldValue('new_pass'), 'passwords_inconsistent'),
        ]}
        validateFirst
        required
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('profile.save_password')}
      </Button>
    </Form>
  );
}
