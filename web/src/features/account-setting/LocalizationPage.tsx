import { dateFormats, languageCodes, type TDateFormat, type TLocalization } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Radio, Select, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { accountSettingApi } from '../../api/accountSetting';
import { usePermission } from '../../auth/usePermission';
import { useReloadMyInfo } from '../../auth/useReloadMyInfo';
import { stampFormatter } from '../../components/dateFormat';
import { FormActions, FormPage } from '../../components/FormPage';
import { PageLoading } from '../../components/PageLoading';
import { brandingKey } from '../../components/useBranding';
import { useSave } from '../../components/useSave';
import { currentLanguage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';

const localizationKey = ['settings', 'localization'] as const;

const languageNames: Record<(typeof languageCodes)[number], string> = { en: 'English', 'zh-cn': '简体中文' };

/** Every IANA zone this browser knows (UTC first). */
function timeZones(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...all.filter((z) => z !== 'UTC')];
}

/** Settings › Localization: defaults for new accounts and visitors, and how every screen writes dates. */
export function LocalizationPage() {
  const value = useQuery({
    queryKey: localizationKey,
    queryFn: ({ signal }) => accountSettingApi.localizationGet({ signal }),
  });
  return <FormPage>{value.data ? <LocalizationForm value={value.data} /> : <PageLoading />}</FormPage>;
}

function LocalizationForm({ value }: { value: TLocalization }) {
  const { t } = useTranslation();
  const { can } = usePermission();
  const editable = can('btn', 'localization.edit');
  const [form] = Form.useForm<TLocalization>();
  const zone = Form.useWatch('default_timezone', form) ?? value.default_timezone;
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z })), []);
  const reloadMyInfo = useReloadMyInfo();
  const { save, saving } = useSave({
    form,
    call: (values: TLocalization, opts) => accountSettingApi.localizationEdit(values, opts),
    invalidate: [localizationKey, brandingKey],
    // Following the default time zone, the admin's own dates take the new one at once.
    onSaved: () => void reloadMyInfo(),
  });
  const now = Date.now();
  const language = currentLanguage();
  return (
    <Form<TLocalization>
      form={form}
      layout="vertical"
      initialValues={value}
      onFinish={save}
      disabled={saving || !editable}
      style={{ maxWidth: 560 }}
    >
      <Form.Item
        name="default_language"
        label={t('localization.default_language')}
        extra={t('localization.default_language_hint')}
      >
        <Select options={languageCodes.map((code) => ({ value: code, label: languageNames[code] }))} />
      </Form.Item>
      <Form.Item
        name="default_timezone"
        label={t('localization.default_timezone')}
        extra={t('localization.default_timezone_hint')}
      >
        <Select showSearch options={zones} optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="date_format" label={t('localization.date_format')} extra={t('localization.date_format_hint')}>
        <Radio.Group>
          <Space orientation="vertical">
            {dateFormats.map((format: TDateFormat) => (
              <Radio key={format} value={format}>
                <Space size={12}>
                  <span>{t(`localization.format_${format}`)}</span>
                  <Typography.Text type="secondary">
                    {stampFormatter({ language, timeZone: zone, format })(now)}
                  </Typography.Text>
                </Space>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      {editable && <FormActions saving={saving} />}
    </Form>
  );
}
