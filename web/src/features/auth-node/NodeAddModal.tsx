import { type TNodeType, ZNodeAddRequest } from '@parley/contracts';
import { Form, Input, Radio } from 'antd';
import { authNodeApi } from '../../api/authNode';
import { useEnum } from '../../components/enumOptions';
import { FormModal } from '../../components/FormModal';
import { schemaRule } from '../../components/formRules';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { authNodeKeys } from './queries';

interface TNodeValues {
  node_type: TNodeType;
  node_title: string;
  node_value: string;
}

const fields = ZNodeAddRequest.shape;

export function NodeAddModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TNodeValues>();
  const nodeType = Form.useWatch('node_type', form);
  const { options } = useEnum('node_type');
  const { save, saving } = useSave({
    form,
    call: (values: TNodeValues, opts) => authNodeApi.nodeAdd(values, opts),
    invalidate: [authNodeKeys.all],
    onSaved: onClose,
  });

  return (
    <FormModal<TNodeValues>
      open={open}
      title={t('auth_node.add')}
      form={form}
      saving={saving}
      initialValues={{ node_type: 'menu', node_title: '', node_value: '' }}
      onFinish={save}
      onCancel={onClose}
    >
      <Form.Item name="node_type" label={t('auth_node.type')} required>
        <Radio.Group options={options} optionType="button" buttonStyle="solid" />
      </Form.Item>
      <Form.Item name="node_title" label={t('auth_node.title')} rules={[schemaRule(fields.node_title)]} required>
        <Input autoFocus maxLength={100} />
      </Form.Item>
      <Form.Item
        name="node_value"
        label={t('auth_node.value')}
        rules={[schemaRule(fields.node_value)]}
        extra={nodeType === 'btn' ? t('auth_node.value_hint_btn') : t('auth_node.value_hint_menu')}
        required
      >
        <Input maxLength={255} placeholder={nodeType === 'btn' ? 'company.add' : '/wswt/setting/company'} />
      </Form.Item>
    </FormModal>
  );
}
