import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { ZEmail, ZLoginRequest } from '@parley/contracts';
import { Alert, Button, Card, Checkbox, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../api/auth';
import { isApiError } from '../../api/errors';
import { safeNext } from '../../auth/safeNext';
import { authStore } from '../../auth/storage';
import { BrandMark } from '../../components/BrandMark';
import { schemaRule, showFieldErrors } from '../../components/formRules';
import { PublicFrame } from '../../components/PublicFrame';
import { publicCardStyle } from '../../components/publicCardStyle';

interface TLoginValues {
  email: string;
  password: string;
  stay_login: boolean;
}

/** Staff sign-in; goes back to `next` (when it is an address of this site) afterwards. */
export function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<TLoginValues>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: TLoginValues) => {
    setFailure(null);
    setSubmitting(true);
    try {
      const stayLogin = values.stay_login === true;
      const signedIn = await authApi.login(
        { email: values.email.trim(), password: values.password, stay_login: stayLogin },
        { silent: true },
      );
      authStore.save({ ...signedIn, stay_login: stayLogin });
      void navigate(safeNext(params.get('next'), window.location.origin), { replace: true });
    } catch (error) {
      setSubmitting(false);
      if (isApiError(error) && showFieldErrors(form, error.fields, ['email', 'password'])) {
        return;
      }
      setFailure(isApiError(error) ? error.message : t('error.network'));
    }
  };

  return (
    <PublicFrame>
      <Card style={{ ...publicCardStyle, maxWidth: 420 }}>
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          <div style={{ display: 'inline-block', marginBottom: 16 }}>
            <BrandMark size={44} showName={false} />
          </div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('login.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('login.subtitle')}</Typography.Text>
        </div>
        {failure && (
          <Alert
            type="error"
            showIcon
            title={failure}
            style={{ marginBottom: 16 }}
            role="alert"
            closable={{ onClose: () => setFailure(null) }}
          />
        )}
        <Form<TLoginValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ email: '', password: '', stay_login: false }}
          onFinish={submit}
          onValuesChange={() => setFailure(null)}
          disabled={submitting}
        >
          <Form.Item
            name="email"
            label={t('login.email')}
            validateTrigger="onBlur"
            rules={[schemaRule(ZEmail)]}
            required
          >
            <Input
              prefix={<MailOutlined />}
              placeholder={t('login.email_placeholder')}
              autoComplete="username"
              inputMode="email"
              autoFocus
              size="large"
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[schemaRule(ZLoginRequest.shape.password)]}
            required
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('login.password_placeholder')}
              autoComplete="current-password"
              size="large"
            />
          </Form.Item>
          <Form.Item name="stay_login" valuePropName="checked" style={{ marginBottom: 16 }}>
            <Checkbox>{t('login.stay_login')}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </PublicFrame>
  );
}
