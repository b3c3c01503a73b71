import { type TEmailSetting, ZEmailEditRequest } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Col, Divider, Form, Input, Row, Switch, Tabs } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { settingApi } from '../../api/setting';
import { usePermission } from '../../auth/usePermission';
import { FormActions, FormPage } from '../../components/FormPage';
import { schemaRule } from '../../components/formRules';
import { ImageUpload } from '../../components/ImageUpload';
import { imageRules } from '../../components/imageCheck';
import { PageLoading } from '../../components/PageLoading';
import { useSave } from '../../components/useSave';
import { translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import { CheckButtons } from './EmailTools';
import { MailPasswordItem } from './MailPasswordItem';

// The lists and the template editor load when their tab opens: the settings form stays light.
const TemplatesPanel = lazy(() => import('./EmailPanels').then((m) => ({ default: m.TemplatesPanel })));
const FailedJobsPanel = lazy(() => import('./EmailPanels').then((m) => ({ default: m.FailedJobsPanel })));
const InboxLogPanel = lazy(() => import('./InboxLogPanel').then((m) => ({ default: m.InboxLogPanel })));
const BouncesPanel = lazy(() => import('./BouncesPanel').then((m) => ({ default: m.BouncesPanel })));
const SupportAddressesPanel = lazy(() =>
  import('./SupportAddressesPanel').then((m) => ({ default: m.SupportAddressesPanel })),
);

type TEmailValues = Omit<TEmailSetting, 'has_password'> & { password: string };

const emailKey = ['settings', 'email'] as const;
const fields = ZEmailEditRequest.shape;

/** Settings › Emails: the mailbox tickets come from and notifications go out of. */
export function EmailSettingsPage() {
  const { t } = useTranslation();
  const { can } = usePermission();
  const editable = can('btn', 'email.edit');
  const setting = useQuery({ queryKey: emailKey, queryFn: ({ signal }) => settingApi.emailGet({ signal }) });
  return (
    <FormPage>
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'settings',
            label: t('email_setting.tab_settings'),
            children: setting.data ? <EmailForm setting={setting.data} /> : <PageLoading />,
          },
          {
            key: 'addresses',
            label: t('email_setting.tab_addresses'),
            children: (
              <Suspense fallback={<PageLoading />}>
                <SupportAddressesPanel editable={editable} />
              </Suspense>
            ),
          },
          {
            key: 'templates',
            label: t('email_setting.tab_templates'),
            children: <TemplatesPanel editable={editable} />,
          },
          {
            key: 'jobs',
            label: t('email_setting.tab_failed_jobs'),
            children: (
              <Suspense fallback={<PageLoading />}>
                <FailedJobsPanel editable={editable} />
              </Suspense>
            ),
          },
          {
            key: 'inbox',
            label: t('email_setting.tab_inbox_log'),
            children: (
              <Suspense fallback={<PageLoading />}>
                <InboxLogPanel editable={editable} />
              </Suspense>
            ),
          },
          {
            key: 'bounces',
            label: t('email_setting.tab_bounces'),
            children: (
              <Suspense fallback={<PageLoading />}>
                <BouncesPanel editable={editable} />
              </Suspense>
            ),
          },
        ]}
      />
    </FormPage>
  );
}

function EmailForm({ setting }: { setting: TEmailSetting }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = usePermission();
  const editable = can('btn', 'email.edit');
  const [form] = Form.useForm<TEmailValues>();
  const [uploading, setUploading] = useState(false);
  const useAd = Form.useWatch('use_bottom_ad', form) ?? setting.use_bottom_ad;
  const useTips = Form.useWatch('use_bottom_tips', form) ?? setting.use_bottom_tips;
  const { save, saving } = useSave({
    form,
    call: (values: TEmailValues, opts) => settingApi.emailEdit(values, opts),
    invalidate: [emailKey],
    onSaved: () => form.setFieldValue('password', ''),
  });
  const { has_password: hasPassword, ...stored } = setting;

  return (
    <Form<TEmailValues>
      form={form}
      layout="vertical"
      initialValues={{ ...stored, password: '' }}
      onFinish={(values) => {
        if (uploading) {
          void message.warning(translateMessage('upload_in_progress'));
          return;
        }
        save(values);
      }}
      disabled={saving || !editable}
    >
      <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
        {t('email_setting.server')}
      </Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="sender" label={t('email_setting.sender')} rules={[schemaRule(fields.sender)]} required>
            <Input placeholder="Support <support@example.com>" maxLength={254} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="gateway" label={t('email_setting.gateway')} rules={[schemaRule(fields.gateway)]} required>
            <Input placeholder="mail.example.com" maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="smtp_host"
            label={t('email_setting.smtp_host')}
            rules={[schemaRule(fields.smtp_host)]}
            required
          >
            <Input placeholder="smtp.example.com" maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="imap_host"
            label={t('email_setting.imap_host')}
            rules={[schemaRule(fields.imap_host)]}
            required
          >
            <Input placeholder="imap.example.com" maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="account" label={t('email_setting.account')} rules={[schemaRule(fields.account)]} required>
            <Input autoComplete="off" maxLength={254} />
          </Form.Item>
        </Col>
        <MailPasswordItem hasPassword={hasPassword} />
      </Row>
      <Form.Item
        name="use_ssl"
        valuePropName="checked"
        label={t('email_setting.use_ssl')}
        extra={t('email_setting.host_hint')}
      >
        <Switch />
      </Form.Item>
      {editable && <CheckButtons form={form} disabled={saving} />}

      <Divider titlePlacement="start" plain>
        {t('email_setting.footer')}
      </Divider>
      <Form.Item name="use_bottom_ad" valuePropName="checked" label={t('email_setting.use_bottom_ad')}>
        <Switch />
      </Form.Item>
      {useAd && (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="bottom_ad_image" label={t('email_setting.bottom_ad_image')}>
              <ImageUpload
                rule={imageRules.ad_image}
                upload={(file, opts) => settingApi.uploadAdImage(file, opts)}
                shape="wide"
                hint={t('email_setting.bottom_ad_image_hint')}
                onBusyChange={setUploading}
                disabled={!editable}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="bottom_ad_image_url"
              label={t('email_setting.bottom_ad_image_url')}
              rules={[schemaRule(fields.bottom_ad_image_url)]}
            >
              <Input placeholder="https://" maxLength={1000} />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Form.Item name="use_bottom_tips" valuePropName="checked" label={t('email_setting.use_bottom_tips')}>
        <Switch />
      </Form.Item>
      {useTips && (
        <Form.Item name="bottom_tips" label={t('email_setting.bottom_tips')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
      )}
      {editable && <FormActions saving={saving} />}
    </Form>
  );
}
