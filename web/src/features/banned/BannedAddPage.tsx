import type { TBannedType } from '@parley/contracts';
import { Form, Input, Radio } from 'antd';
import { useNavigate } from 'react-router';
import { bannedApi } from '../../api/banned';
import { useEnum } from '../../components/enumOptions';
import { FormActions, FormPage } from '../../components/FormPage';
import { useSave } from '../../components/useSave';
import { translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import { bannedValueProblem } from './bannedValue';
import { bannedKeys, bannedPaths } from './queries';

interface TBannedValues {
  black_type: TBannedType;
  black_value: string;
  reason: string;
}

/** Settings › Banned › Add (entries are added and deleted, never edited). */
export function BannedAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<TBannedValues>();
  const blackType: TBannedType = Form.useWatch('black_type', form) ?? 'email';
  const types = useEnum('black_type');
  const { save, saving } = useSave({
    form,
    call: (values: TBannedValues, opts) => bannedApi.add({ ...values, black_value: values.black_value.trim() }, opts),
    invalidate: [bannedKeys.all],
    onSaved: () => void navigate(bannedPaths.list),
  });

  return (
    <FormPage backTo={bannedPaths.list}>
      <Form<TBannedValues>
        form={form}
        layout="vertical"
        initialValues={{ black_type: 'email', black_value: '', reason: '' }}
        onFinish={save}
        disabled={saving}
        style={{ maxWidth: 560 }}
      >
        <Form.Item name="black_type" label={t('banned.type')} required>
          <Radio.Group
            options={types.options}
            optionType="button"
            onChange={() => form.setFields([{ name: 'black_value', errors: [] }])}
          />
        </Form.Item>
        <Form.Item
          name="black_value"
          label={blackType === 'ip' ? t('banned.ip') : t('banned.email')}
          extra={blackType === 'ip' ? t('banned.ip_hint') : t('banned.email_hint')}
          dependencies={['black_type']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                const problem = bannedValueProblem(getFieldValue('black_type') as TBannedType, value);
                if (problem) {
                  throw new Error(translateMessage(problem));
                }
              },
            }),
          ]}
          required
        >
          <Input autoFocus maxLength={300} placeholder={blackType === 'ip' ? '203.0.113.7' : '@example.com'} />
        </Form.Item>
        <Form.Item name="reason" label={t('banned.reason')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} />
        </Form.Item>
        <FormActions saving={saving} cancelTo={bannedPaths.list} />
      </Form>
    </FormPage>
  );
}
