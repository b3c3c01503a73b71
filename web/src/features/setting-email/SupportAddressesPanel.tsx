import { PlusOutlined } from '@ant-design/icons';
import { type TSupportAddress, ZSupportAddressAddRequest } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Form, Input, Row, Select, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { settingApi } from '../../api/setting';
import { FormModal } from '../../components/FormModal';
import { checkRule, schemaRule } from '../../components/formRules';
import { RetryAlert } from '../../components/RetryAlert';
import { actionsColumn, DeleteAction, EditAction } from '../../components/RowActions';
import { tableEmpty } from '../../components/tableEmpty';
import { useConfirm } from '../../components/useConfirm';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { useAllGroups } from '../group/queries';
import { MailPasswordItem } from './MailPasswordItem';

const addressesKey = ['settings', 'email', 'addresses'] as const;
const fields = ZSupportAddressAddRequest.shape;

interface TAddressValues {
  address: string;
  name: string;
  group_id?: number | null;
  has_mailbox: boolean;
  imap_host: string;
  account: string;
  password: string;
  use_ssl: boolean;
}

/**
 * Settings › Emails › Support addresses: the addresses customers write to, each an alias that
 * arrives in the main mailbox or an address with its own mailbox, and the group its tickets go to.
 */
export function SupportAddressesPanel({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: addressesKey, queryFn: ({ signal }) => settingApi.emailAddressList({ signal }) });
  const groups = useAllGroups();
  const groupName = (id: number | null) =>
    id === null ? null : (groups.data?.find((g) => g.group_id === id)?.group_name ?? `#${id}`);
  const [editing, setEditing] = useState<TSupportAddress | 'new' | null>(null);
  const { confirmDelete } = useConfirm();
  const remove = useSave({
    call: (ids: number[], opts) => settingApi.emailAddressDelete(ids, opts),
    invalidate: [addressesKey],
    successKey: 'deleted',
  });

  if (list.isError) {
    return <RetryAlert title={(list.error as Error).message} onRetry={list.refetch} />;
  }
  return (
    <>
      <Typography.Paragraph type="secondary">{t('email_setting.addresses_intro')}</Typography.Paragraph>
      {editable && (
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setEditing('new')}
          style={{ marginBottom: 12 }}
        >
          {t('email_setting.address_add')}
        </Button>
      )}
      <Table<TSupportAddress>
        rowKey="address_id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        locale={tableEmpty(t, false, t('email_setting.no_addresses'))}
        scroll={{ x: 720 }}
        columns={[
          {
            title: t('email_setting.address'),
            dataIndex: 'address',
            render: (address: string, row) => (
              <>
                <Typography.Text code>{address}</Typography.Text>
                {row.name && <Typography.Text type="secondary"> {row.name}</Typography.Text>}
              </>
            ),
          },
          {
            title: t('email_setting.address_group'),
            dataIndex: 'group_id',
            width: 180,
            render: (id: number | null) =>
              groupName(id) ?? <Typography.Text type="secondary">{t('email_setting.default_group')}</Typography.Text>,
          },
          {
            title: t('email_setting.address_mailbox'),
            dataIndex: 'has_mailbox',
            width: 240,
            render: (own: boolean, row) =>
              own ? (
                <Tag color="blue">{t('email_setting.own_mailbox', { host: row.imap_host })}</Tag>
              ) : (
                <Tag>{t('email_setting.alias')}</Tag>
              ),
          },
          actionsColumn<TSupportAddress>(t('common.actions'), 170, (row) => (
            <>
              <EditAction btn="email.edit" onClick={() => setEditing(row)} />
              <DeleteAction
                btn="email.edit"
                onClick={() => confirmDelete(() => remove.saveAsync([row.address_id]), row.address)}
              />
            </>
          )),
        ]}
      />
      {editing !== null && (
        <AddressModal
          address={editing === 'new' ? null : editing}
          groups={(groups.data ?? []).map((g) => ({ value: g.group_id, label: g.group_name }))}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

function AddressModal({
  address,
  groups,
  onClose,
}: {
  address: TSupportAddress | null;
  groups: Array<{ value: number; label: string }>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TAddressValues>();
  const hasPassword = address?.has_password ?? false;
  const { save, saving } = useSave({
    form,
    call: (values: TAddressValues, opts) =>
      address
        ? settingApi.emailAddressEdit({ ...values, address_id: address.address_id }, opts)
        : settingApi.emailAddressAdd(values, opts),
    invalidate: [addressesKey],
    onSaved: onClose,
  });
  const required = (key: 'required_imap_host' | 'required_account') =>
    checkRule((value) => typeof value === 'string' && value.trim() !== '', key);
  return (
    // A form dialog: Enter in an input saves, as in every other dialog.
    <FormModal<TAddressValues>
      open
      title={address ? t('email_setting.address_edit') : t('email_setting.address_add')}
      form={form}
      saving={saving}
      onFinish={save}
      onCancel={onClose}
      width={640}
      initialValues={{
        address: address?.address ?? '',
        name: address?.name ?? '',
        group_id: address?.group_id ?? undefined,
        has_mailbox: address?.has_mailbox ?? false,
        imap_host: address?.imap_host ?? '',
        account: address?.account ?? '',
        password: '',
        use_ssl: address?.use_ssl ?? true,
      }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="address" label={t('email_setting.address')} rules={[schemaRule(fields.address)]} required>
            <Input placeholder="sales@example.com" maxLength={254} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('email_setting.address_name')} extra={t('email_setting.address_name_hint')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="group_id" label={t('email_setting.address_group')}>
        <Select allowClear placeholder={t('email_setting.default_group')} options={groups} />
      </Form.Item>
      <Form.Item
        name="has_mailbox"
        valuePropName="checked"
        label={t('email_setting.has_mailbox')}
        extra={t('email_setting.has_mailbox_hint')}
      >
        <Switch />
      </Form.Item>
      <Form.Item noStyle dependencies={['has_mailbox']}>
        {({ getFieldValue }) =>
          getFieldValue('has_mailbox') === true && (
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  name="imap_host"
                  label={t('email_setting.imap_host')}
                  rules={[required('required_imap_host'), schemaRule(fields.imap_host)]}
                  required
                >
                  <Input placeholder="imap.example.com" maxLength={255} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="use_ssl" valuePropName="checked" label={t('email_setting.use_ssl')}>
                  <Switch />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="account"
                  label={t('email_setting.account')}
                  rules={[required('required_account')]}
                  required
                >
                  <Input autoComplete="off" maxLength={254} />
                </Form.Item>
              </Col>
              <MailPasswordItem hasPassword={hasPassword} />
            </Row>
          )
        }
      </Form.Item>
    </FormModal>
  );
}
