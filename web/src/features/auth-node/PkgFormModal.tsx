import { type TAuthPkg, ZPkgAddRequest } from '@parley/contracts';
import { Form, Input, Skeleton } from 'antd';
import { authNodeApi } from '../../api/authNode';
import { FormModal } from '../../components/FormModal';
import { schemaRule } from '../../components/formRules';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { NodePicker } from './NodePicker';
import { authPkgKeys, useAllAuthNodes } from './queries';

interface TPkgValues {
  pkg_title: string;
  node_ids: number[];
}

/** Adds a package, or edits `pkg` when given. */
export function PkgFormModal({ open, pkg, onClose }: { open: boolean; pkg: TAuthPkg | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TPkgValues>();
  const nodes = useAllAuthNodes();
  const { save, saving } = useSave({
    form,
    call: (values: TPkgValues, opts) =>
      pkg ? authNodeApi.pkgEdit({ ...values, pkg_id: pkg.pkg_id }, opts) : authNodeApi.pkgAdd(values, opts),
    invalidate: [authPkgKeys.all, ['auth', 'has-node-list']],
    onSaved: onClose,
  });

  return (
    <FormModal<TPkgValues>
      open={open}
      title={pkg ? t('auth_pkg.edit') : t('auth_pkg.add')}
      form={form}
      saving={saving}
      width={680}
      initialValues={{ pkg_title: pkg?.pkg_title ?? '', node_ids: pkg?.node_ids ?? [] }}
      onFinish={save}
      onCancel={onClose}
    >
      <Form.Item
        name="pkg_title"
        label={t('auth_pkg.title')}
        rules={[schemaRule(ZPkgAddRequest.shape.pkg_title)]}
        required
      >
        <Input autoFocus maxLength={100} />
      </Form.Item>
      <Form.Item name="node_ids" label={t('auth_pkg.nodes')}>
        {nodes.data ? <NodePicker nodes={nodes.data} /> : <Skeleton active paragraph={{ rows: 6 }} />}
      </Form.Item>
    </FormModal>
  );
}
