import type { TDetails } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { accountSettingApi } from '../../api/accountSetting';
import { usePermission } from '../../auth/usePermission';
import { FormActions, FormPage } from '../../components/FormPage';
import { PageLoading } from '../../components/PageLoading';
import { brandingKey } from '../../components/useBranding';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';

export const detailsKey = ['settings', 'details'] as const;

/** Settings › Details: the help desk's name (menu, sign-in page, public form, widget, emails) and support site. */
export function DetailsPage() {
  const details = useQuery({ queryKey: detailsKey, queryFn: ({ signal }) => accountSettingApi.detailsGet({ signal }) });
  return <FormPage>{details.data ? <DetailsForm details={details.data} /> : <PageLoading />}</FormPage>;
}

function DetailsForm({ details }: { details: TDetails }) {
  const { t } = useTranslation();
  const { can } = usePermission();
  const editable = can('btn', 'details.edit');
  const [form] = Form.useForm<TDetails>();
  const { save, saving } = useSave({
    form,
    call: (values: TDetails, opts) => accountSettingApi.detailsEdit(values, opts),
    invalidate: [detailsKey, brandingKey],
  });
  return (
    <Form<TDetails>
      form={form}
      layout="vertical"
      initialValues={details}
      onFinish={save}
      disabled={saving || !editable}
      style={{ maxWidth: 560 }}
    >
      <Form.Item
        name="helpdesk_name"
        label={t('details.helpdesk_name')}
        extra={t('details.helpdesk_name_hint')}
        rules={[{ required: true, whitespace: true, message: t('details.helpdesk_name_required') }]}
      >
        <Input maxLength={100} autoFocus />
      </Form.Item>
      <Form.Item
        name="site_url"
        label={t('details.site_url')}
        extra={t('details.site_url_hint')}
        rules={[{ pattern: /^(https?:\/\/[^\s/]+[^\s]*)?$/i, message: t('details.site_url_invalid') }]}
      >
        <Input maxLength={500} placeholder="https://help.example.com" inputMode="url" />
      </Form.Item>
      {editable && <FormActions saving={saving} />}
    </Form>
  );
}
