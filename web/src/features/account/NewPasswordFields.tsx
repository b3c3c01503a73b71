import { passwordProblem } from '@parley/contracts';
import { Form, Input } from 'antd';
import { checkRule } from '../../components/formRules';
import { translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';

const given = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * A new password and its confirmation: 5 to 127 characters, not the account's email, typed
 * the same twice. Optional unless `required` (then an empty one is "Password is required").
 */
export function NewPasswordFields({
  required: requiredWhen,
  email,
}: {
  /** Or a test of the form's values, read again at validation time (the user type can just have changed). */
  required: boolean | ((getFieldValue: (name: string) => unknown) => boolean);
  email: () => string;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const isRequired = (get: (name: string) => unknown) =>
    typeof requiredWhen === 'function' ? requiredWhen(get) : requiredWhen;
  const required = isRequired((name) => form.getFieldValue(name));
  return (
    <>
      <Form.Item
        name="password"
        label={t('people.new_password')}
        extra={required ? t('people.password_rule') : t('people.password_optional')}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (!given(value)) {
                if (isRequired(getFieldValue)) {
                  throw new Error(translateMessage('required_password'));
                }
                return;
              }
              // The rule it breaks, by name: its length (5 to 127), or that it is the email.
              const problem = passwordProblem(value, email());
              if (problem) {
                throw new Error(translateMessage(problem));
              }
            },
          }),
        ]}
        required={required}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('people.confirm_password')}
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) =>
            checkRule((value) => (value ?? '') === (getFieldValue('password') ?? ''), 'passwords_inconsistent'),
        ]}
        required={required}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
