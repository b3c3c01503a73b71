import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { homeApi } from '../../api/home';
import { settingApi } from '../../api/setting';
import { usePermission } from '../../auth/usePermission';
import { FormActions, FormPage } from '../../components/FormPage';
import { ImageUpload } from '../../components/ImageUpload';
import { imageRules } from '../../components/imageCheck';
import { PageLoading } from '../../components/PageLoading';
import { useSave } from '../../components/useSave';
import { translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';

interface TBrandingValues {
  favicon: string;
}

const brandingKey = ['home', 'branding'] as const;

/** Settings › Branding: the favicon browsers show for the help desk. */
export function AppearancePage() {
  const branding = useQuery({ queryKey: brandingKey, queryFn: ({ signal }) => homeApi.branding({ signal }) });
  return (
    <FormPage>
      {branding.data ? (
        <BrandingForm favicon={branding.data.favicon} brandName={branding.data.brand_name} />
      ) : (
        <PageLoading />
      )}
    </FormPage>
  );
}

function BrandingForm({ favicon, brandName }: { favicon: string; brandName: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = usePermission();
  const queryClient = useQueryClient();
  const editable = can('btn', 'appearance.branding.edit');
  const [form] = Form.useForm<TBrandingValues>();
  const [uploading, setUploading] = useState(false);
  const { save, saving } = useSave({
    form,
    call: (values: TBrandingValues, opts) => settingApi.brandingEdit(values, opts),
    onSaved: () => void queryClient.invalidateQueries({ queryKey: brandingKey }),
  });

  return (
    <Form<TBrandingValues>
      form={form}
      layout="vertical"
      initialValues={{ favicon }}
      onFinish={(values) => {
        if (uploading) {
          void message.warning(translateMessage('upload_in_progress'));
          return;
        }
        save(values);
      }}
      disabled={saving || !editable}
      style={{ maxWidth: 560 }}
    >
      <Form.Item label={t('appearance.brand_name')} extra={t('appearance.brand_name_hint')} htmlFor="brand-name">
        <Input id="brand-name" value={brandName} disabled readOnly />
      </Form.Item>
      <Form.Item name="favicon" label={t('appearance.favicon')}>
        <ImageUpload
          rule={imageRules.favicon}
          upload={(file, opts) => settingApi.uploadFavicon(file, opts)}
          hint={t('appearance.favicon_hint')}
          onBusyChange={setUploading}
          disabled={!editable}
          fallback={<Typography.Text style={{ color: '#fff' }}>P</Typography.Text>}
        />
      </Form.Item>
      {editable && <FormActions saving={saving} />}
    </Form>
  );
}
