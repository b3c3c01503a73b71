import {
  languageCodes,
  languageNames,
  parseLanguage,
  type TAccount,
  type TLanguage,
  ZAccountInfoEditRequest,
} from '@parley/contracts';
import { App, Form, Input, Select, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { accountApi } from '../../api/account';
import { languageStore } from '../../auth/storage';
import { useReloadMyInfo } from '../../auth/useReloadMyInfo';
import { FormActions } from '../../components/FormPage';
import { schemaRule } from '../../components/formRules';
import { ImageUpload } from '../../components/ImageUpload';
import { imageRules } from '../../components/imageCheck';
import { useBranding } from '../../components/useBranding';
import { useSave } from '../../components/useSave';
import { switchLanguage, translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import { timezoneNames } from './timezones';

interface TProfileValues {
  avatar: string;
  real_name: string;
  alias_name: string;
  signature: string;
  enable_signature: boolean;
  default_language: TLanguage;
  /** An IANA zone of its own, or `followDefault`. */
  timezone: string;
}

const fields = ZAccountInfoEditRequest.shape;

/** The time zone select's first option: none of its own, the help desk's default (sent as `null`). */
const followDefault = '';

/**
 * The caller's own profile (`auth.account.info.edit`); the shell picks the changes up at once.
 * Drawn again only when these fields change on the account, so that saving the notification
 * mails beside it keeps what is typed here and not yet saved.
 */
export function ProfileForm({ user }: { user: TAccount }) {
  const saved: TProfileValues = {
    avatar: user.avatar,
    real_name: user.real_name,
    alias_name: user.alias_name,
    signature: user.signature,
    enable_signature: user.enable_signature,
    default_language: parseLanguage(user.default_language),
    timezone: user.timezone_follows_default ? followDefault : user.timezone || 'UTC',
  };
  return <ProfileFields key={JSON.stringify(saved)} user={user} saved={saved} />;
}

function ProfileFields({ user, saved }: { user: TAccount; saved: TProfileValues }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const reloadMyInfo = useReloadMyInfo();
  const [form] = Form.useForm<TProfileValues>();
  const [uploading, setUploading] = useState(false);
  // While it follows the default, the zone it shows is the default.
  const defaultZone =
    useBranding().localization.default_timezone || (user.timezone_follows_default ? user.timezone : '');
  const zones = useMemo(
    () => [
      {
        value: followDefault,
        label: defaultZone ? t('profile.timezone_default', { zone: defaultZone }) : t('profile.timezone_default_plain'),
      },
      ...timezoneNames(user.timezone).map((zone) => ({ value: zone, label: zone })),
    ],
    [user.timezone, defaultZone, t],
  );

  const { save, saving } = useSave({
    form,
    call: (values: TProfileValues, opts) =>
      accountApi.infoEdit({ ...values, timezone: values.timezone === followDefault ? null : values.timezone }, opts),
    onSaved: async (_result, values) => {
      await reloadMyInfo();
      // A new default language is the interface's language from now on.
      const language = parseLanguage(values.default_language);
      if (values.default_language !== user.default_language && language !== i18n.language) {
        languageStore.set(language);
        void switchLanguage(language);
      }
    },
  });

  return (
    <Form<TProfileValues>
      form={form}
      layout="vertical"
      disabled={saving}
      initialValues={saved}
      onFinish={(values) => {
        if (uploading) {
          void message.warning(translateMessage('upload_in_progress'));
          return;
        }
        save(values);
      }}
    >
      <Form.Item name="avatar" label={t('profile.avatar')}>
        <ImageUpload
          rule={imageRules.avatar}
          upload={(file, opts) => accountApi.uploadAvatar(file, opts)}
          shape="circle"
          fallback={Array.from(user.real_name.trim())[0]?.toUpperCase()}
          hint={t('profile.avatar_hint')}
          onBusyChange={setUploading}
          crop={{ aspect: 1, maxSide: 96 }}
        />
      </Form.Item>
      <Form.Item name="real_name" label={t('profile.real_name')} rules={[schemaRule(fields.real_name)]} required>
        <Input maxLength={100} autoComplete="name" />
      </Form.Item>
      <Form.Item name="alias_name" label={t('profile.alias_name')} extra={t('profile.alias_hint')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="signature" label={t('profile.signature')}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={5000} />
      </Form.Item>
      <Form.Item name="enable_signature" valuePropName="checked" label={t('profile.enable_signature')}>
        <Switch />
      </Form.Item>
      <Form.Item name="default_language" label={t('profile.language')}>
        <Select options={languageCodes.map((code) => ({ value: code, label: languageNames[code] }))} />
      </Form.Item>
      {/* The help desk's default (an empty value) passes; a zone is checked as the server checks it. */}
      <Form.Item
        name="timezone"
        label={t('profile.timezone')}
        rules={[schemaRule(fields.timezone.unwrap(), { optional: true })]}
      >
        <Select options={zones} showSearch={{ optionFilterProp: 'label' }} />
      </Form.Item>
      <FormActions saving={saving} />
    </Form>
  );
}
