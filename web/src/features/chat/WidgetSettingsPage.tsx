import { languageCodes, languageNames, seededDefaults, type TLanguage, type TWidgetSetting } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, ColorPicker, Flex, Form, Input, Radio, Select, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { chatApi } from '../../api/chat';
import { usePermission } from '../../auth/usePermission';
import { FormActions, FormPage } from '../../components/FormPage';
import { PageLoading } from '../../components/PageLoading';
import { useSave } from '../../components/useSave';
import { useSeeded } from '../../i18n/seeded';
import { useTranslation } from '../../i18n/useTranslation';
import { PreChatQuestions } from './PreChatQuestions';
import { chatKeys } from './queries';

/** Settings › Widget: how the chat launcher looks, what it asks and who may embed it (hours and routing: Chats). */
export function WidgetSettingsPage() {
  const { t } = useTranslation();
  const setting = useQuery({ queryKey: chatKeys.widget, queryFn: ({ signal }) => chatApi.widgetGet({ signal }) });
  if (setting.isError) {
    return <Alert type="error" showIcon title={t('chat.load_failed')} />;
  }
  return (
    <Flex vertical gap={16}>
      <FormPage>{setting.data ? <WidgetForm setting={setting.data} /> : <PageLoading />}</FormPage>
      {setting.data && (
        <div style={{ maxWidth: 880, margin: '0 auto', width: '100%' }}>
          <PreChatQuestions />
        </div>
      )}
    </Flex>
  );
}

/** The one line a site owner pastes into their pages; `data-lang` fixes the widget's language (else the page's `<html lang>`). */
export function snippetFor(origin: string, lang: TLanguage | 'auto' = 'auto'): string {
  const fixed = lang === 'auto' ? '' : ` data-lang="${lang}"`;
  return `<script src="${origin}/widget.js"${fixed} async></script>`;
}

function WidgetForm({ setting }: { setting: TWidgetSetting }) {
  const { t } = useTranslation();
  const { can } = usePermission();
  const editable = can('btn', 'widget.edit');
  const seeded = useSeeded();
  // The default title as visitors in the admin's language read it (the server keeps it the default when saved so).
  const initial = useMemo(() => ({ ...setting, title: seeded.text(setting.title) }), [setting, seeded]);
  const [form] = Form.useForm<TWidgetSetting>();
  const live = Form.useWatch([], form) ?? initial;
  const title = live.title ?? initial.title;
  const { save, saving } = useSave({
    form,
    call: (values: TWidgetSetting, opts) => chatApi.widgetEdit({ ...setting, ...values }, opts),
    invalidate: [chatKeys.widget],
  });
  const [snippetLang, setSnippetLang] = useState<TLanguage | 'auto'>('auto');
  const snippet = snippetFor(window.location.origin, snippetLang);
  // The greeting is a Chats setting; the preview shows it as visitors will read it.
  const chatSetting = useQuery({
    queryKey: chatKeys.setting,
    queryFn: ({ signal }) => chatApi.settingGet({ signal, silent: true }),
  });
  const color = typeof live.color === 'string' ? live.color : setting.color;

  return (
    <Flex gap={32} wrap align="flex-start">
      <Form<TWidgetSetting>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={save}
        disabled={saving || !editable}
        style={{ width: 520, maxWidth: '100%' }}
      >
        <Form.Item
          name="color"
          label={t('widget.color')}
          getValueFromEvent={(value: { toHexString(): string }) => value.toHexString()}
        >
          <ColorPicker showText disabledAlpha />
        </Form.Item>
        <Form.Item name="position" label={t('widget.position')}>
          <Radio.Group
            options={[
              { value: 'right', label: t('widget.right') },
              { value: 'left', label: t('widget.left') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('widget.title')}
          rules={[{ max: 60 }]}
          extra={title.trim() === seeded.text(seededDefaults.widgetTitle) ? t('widget.title_default_hint') : undefined}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          name="pre_chat_form"
          label={t('widget.pre_chat_form')}
          valuePropName="checked"
          extra={t('widget.pre_chat_hint')}
        >
          <Switch />
        </Form.Item>
        <Form.Item name="offline_behavior" label={t('widget.offline_behavior')}>
          <Radio.Group
            options={[
              { value: 'leave_message', label: t('widget.offline_leave_message') },
              { value: 'hide', label: t('widget.offline_hide') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="allowed_origins"
          label={t('widget.allowed_origins')}
          extra={t('widget.allowed_origins_hint')}
          rules={[
            {
              validator: (_r, value: string[] | undefined) =>
                (value ?? []).every((v) => /^https?:\/\/[^/\s]+$/.test(v))
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('widget.origin_invalid'))),
            },
          ]}
        >
          <Select mode="tags" tokenSeparators={[' ', ',']} placeholder="https://www.example.com" open={false} />
        </Form.Item>
        <FormActions saving={saving} disabled={!editable} />
      </Form>
      <Flex vertical gap={16} style={{ width: 380, maxWidth: '100%' }}>
        <Card size="small" title={t('widget.snippet')}>
          <Typography.Paragraph type="secondary">{t('widget.snippet_hint')}</Typography.Paragraph>
          <Flex vertical gap={4} style={{ marginBottom: 12 }}>
            <Typography.Text id="widget-snippet-lang">{t('widget.snippet_lang')}</Typography.Text>
            <Radio.Group
              aria-labelledby="widget-snippet-lang"
              value={snippetLang}
              onChange={(e) => setSnippetLang(e.target.value as TLanguage | 'auto')}
              options={[
                { value: 'auto', label: t('widget.snippet_lang_auto') },
                ...languageCodes.map((code) => ({ value: code, label: languageNames[code] })),
              ]}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {snippetLang === 'auto' ? t('widget.snippet_lang_auto_hint') : t('widget.snippet_lang_fixed_hint')}
            </Typography.Text>
          </Flex>
          <Typography.Paragraph copyable={{ text: snippet }} code style={{ wordBreak: 'break-all' }}>
            {snippet}
          </Typography.Paragraph>
        </Card>
        <Card size="small" title={t('widget.preview')}>
          <WidgetPreview
            color={color}
            position={live.position ?? setting.position}
            title={title}
            greeting={seeded.text(chatSetting.data?.greeting ?? '')}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t('widget.greeting_from_chats')} <Link to="/wswt/setting/chat">{t('route.setting_chat')}</Link>
          </Typography.Paragraph>
        </Card>
      </Flex>
    </Flex>
  );
}

/** A drawing of the widget on a page, as visitors will see it: launcher, header and greeting. */
function WidgetPreview({
  color,
  position,
  title,
  greeting,
}: {
  color: string;
  position: 'left' | 'right';
  title: string;
  greeting: string;
}) {
  const side = position === 'left' ? { left: 12 } : { right: 12 };
  return (
    <div
      role="img"
      aria-label={title}
      style={{ position: 'relative', height: 360, background: '#f0f2f5', borderRadius: 8, overflow: 'hidden' }}
    >
      <div
        style={{
          position: 'absolute',
          bottom: 76,
          ...side,
          width: 230,
          borderRadius: 10,
          background: '#fff',
          boxShadow: '0 6px 20px rgba(0,0,0,.18)',
          overflow: 'hidden',
        }}
      >
        <div style={{ background: color, color: '#fff', padding: '10px 12px', fontWeight: 600 }}>{title}</div>
        <div style={{ padding: 12, background: '#f5f5f5', minHeight: 120 }}>
          {greeting && (
            <div
              style={{
                background: '#fff',
                borderRadius: 10,
                padding: '6px 10px',
                fontSize: 13,
                display: 'inline-block',
              }}
            >
              {greeting}
            </div>
          )}
        </div>
      </div>
      <div
        style={{
          position: 'absolute',
          bottom: 16,
          ...side,
          width: 48,
          height: 48,
          borderRadius: 24,
          background: color,
          boxShadow: '0 4px 12px rgba(0,0,0,.25)',
        }}
      />
    </div>
  );
}
