import { Col, Form, Input } from 'antd';
import { checkRule } from '../../components/formRules';
import { useTranslation } from '../../i18n/useTranslation';

/**
 * A mailbox's password, write-only: required until one is stored, then left empty to keep it (the
 * help desk's mailbox and a support address with its own).
 */
export function MailPasswordItem({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  return (
    <Col xs={24} md={12}>
      <Form.Item
        name="password"
        label={t('email_setting.password')}
        extra={hasPassword ? t('email_setting.password_kept') : undefined}
        rules={
          hasPassword ? [] : [checkRule((value) => typeof value === 'string' && value !== '', 'required_password')]
        }
        required={!hasPassword}
      >
        <Input.Password
          autoComplete="new-password"
          placeholder={hasPassword ? t('email_setting.password_placeholder') : undefined}
        />
      </Form.Item>
    </Col>
  );
}
