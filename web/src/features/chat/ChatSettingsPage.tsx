import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { seededDefaults, type TChatSetting, withinChatHours } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, InputNumber, Select, Switch, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/chatSettingsStrings';
import { chatApi } from '../../api/chat';
import { usePermission } from '../../auth/usePermission';
import { FormActions, FormPage } from '../../components/FormPage';
import { PageLoading } from '../../components/PageLoading';
import { useSave } from '../../components/useSave';
import { useSeeded } from '../../i18n/seeded';
import { chatKeys } from './queries';

/** Settings › Chats: when chats are taken, how they are handed out, what the visitor reads first. */
export function ChatSettingsPage() {
  const { t } = useTranslation();
  const setting = useQuery({ queryKey: chatKeys.setting, queryFn: ({ signal }) => chatApi.settingGet({ signal }) });
  if (setting.isError) {
    return <Alert type="error" showIcon title={t('chat_setting.load_failed')} />;
  }
  return (
    <FormPage subtitle={t('chat_setting.subtitle')}>
      {setting.data ? <ChatSettingForm setting={setting.data} /> : <PageLoading />}
    </FormPage>
  );
}

const dayOrder = [1, 2, 3, 4, 5, 6, 0];
const clock = /^([01]\d|2[0-3]):[0-5]\d$/;

function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', current, ...known])];
}

function ChatSettingForm({ setting }: { setting: TChatSetting }) {
  const { t } = useTranslation();
  const { can } = usePermission();
  const editable = can('btn', 'chat.setting.edit');
  const seeded = useSeeded();
  // The default greeting as visitors in the admin's language read it (the server keeps it the default when saved so).
  const defaultGreeting = seeded.text(seededDefaults.chatGreeting);
  const initial = useMemo(() => ({ ...setting, greeting: seeded.text(setting.greeting) }), [setting, seeded]);
  const [form] = Form.useForm<TChatSetting>();
  const live = (Form.useWatch([], form) as TChatSetting | undefined) ?? initial;
  const greetingIsDefault = (live.greeting ?? '').trim() === defaultGreeting;
  const zones = useMemo(() => timeZones(setting.timezone).map((z) => ({ value: z, label: z })), [setting.timezone]);
  const { save, saving } = useSave({
    form,
    call: (values: TChatSetting, opts) =>
      chatApi.settingEdit({ ...setting, ...values, business_hours: values.business_hours ?? [] }, opts),
    invalidate: [chatKeys.setting],
  });
  const dayOptions = dayOrder.map((d) => ({ value: d, label: t(`chat_setting.day.${d}`) }));
  let openNow: boolean | null = null;
  try {
    openNow = live.business_hours_enabled
      ? withinChatHours(
          { ...setting, ...live, business_hours: (live.business_hours ?? []).filter((o) => o?.start && o?.end) },
          new Date(),
        )
      : null;
  } catch {
    openNow = null;
  }

  return (
    <Form<TChatSetting>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={save}
      disabled={saving || !editable}
      style={{ maxWidth: 640 }}
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('chat_setting.hours')}
      </Typography.Title>
      <Form.Item
        name="business_hours_enabled"
        label={t('chat_setting.hours_enabled')}
        valuePropName="checked"
        extra={t('chat_setting.hours_hint')}
      >
        <Switch />
      </Form.Item>
      {live.business_hours_enabled && (
        <>
          <Form.Item name="timezone" label={t('chat_setting.timezone')} rules={[{ required: true }]}>
            <Select showSearch options={zones} style={{ maxWidth: 320 }} />
          </Form.Item>
          <Form.List name="business_hours">
            {(fields, { add, remove }) => (
              <Flex vertical gap={8} style={{ marginBottom: 16 }}>
                {fields.length === 0 && (
                  <Typography.Text type="secondary">{t('chat_setting.no_hours')}</Typography.Text>
                )}
                {fields.map((field) => (
                  <Flex key={field.key} gap={8} align="flex-start" data-testid="opening">
                    <Form.Item name={[field.name, 'day']} noStyle rules={[{ required: true }]}>
                      <Select options={dayOptions} style={{ width: 140 }} aria-label={t('chat_setting.day_label')} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'start']}
                      rules={[{ required: true, pattern: clock, message: t('chat_setting.time_invalid') }]}
                      style={{ marginBottom: 0 }}
                    >
                      <Input type="time" aria-label={t('chat_setting.start')} style={{ width: 130 }} />
                    </Form.Item>
                    <Typography.Text style={{ lineHeight: '32px' }}>–</Typography.Text>
                    <Form.Item
                      name={[field.name, 'end']}
                      dependencies={[['business_hours', field.name, 'start']]}
                      rules={[
                        { required: true, pattern: clock, message: t('chat_setting.time_invalid') },
                        ({ getFieldValue }) => ({
                          validator: (_r, end: string | undefined) => {
                            const start = getFieldValue(['business_hours', field.name, 'start']) as string | undefined;
                            return !start || !end || start < end
                              ? Promise.resolve()
                              : Promise.reject(new Error(t('chat_setting.end_after_start')));
                          },
                        }),
                      ]}
                      style={{ marginBottom: 0 }}
                    >
                      <Input type="time" aria-label={t('chat_setting.end')} style={{ width: 130 }} />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={t('chat_setting.remove_opening')}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                ))}
                <Button
                  icon={<PlusOutlined aria-hidden />}
                  onClick={() => add({ day: 1, start: '09:00', end: '18:00' })}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('chat_setting.add_opening')}
                </Button>
                {openNow !== null && (
                  <div>
                    <Tag color={openNow ? 'green' : 'default'}>
                      {openNow ? t('chat_setting.open_now') : t('chat_setting.closed_now')}
                    </Tag>
                  </div>
                )}
              </Flex>
            )}
          </Form.List>
        </>
      )}
      <Typography.Title level={5}>{t('chat_setting.routing')}</Typography.Title>
      <Form.Item
        name="auto_assign"
        label={t('chat_setting.auto_assign')}
        valuePropName="checked"
        extra={t('chat_setting.auto_assign_hint')}
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="agent_chat_limit"
        label={t('chat_setting.agent_chat_limit')}
        extra={t('chat_setting.agent_chat_limit_hint')}
        rules={[{ required: true }]}
      >
        <InputNumber min={1} max={50} />
      </Form.Item>
      <Form.Item
        name="missed_after_minutes"
        label={t('chat_setting.missed_after')}
        extra={t('chat_setting.missed_after_hint')}
        rules={[{ required: true }]}
      >
        <InputNumber
          min={0}
          max={1440}
          precision={0}
          // Room for "1440" beside the unit (the default width cut the number off under "minutes").
          style={{ width: 160 }}
          suffix={<Typography.Text type="secondary">{t('chat_setting.minutes')}</Typography.Text>}
        />
      </Form.Item>
      <Form.Item
        name="greeting"
        label={t('chat_setting.greeting')}
        extra={
          greetingIsDefault ? (
            t('chat_setting.greeting_default_hint')
          ) : (
            <>
              {t('chat_setting.greeting_hint')}{' '}
              <Button
                type="link"
                size="small"
                style={{ padding: 0, height: 'auto' }}
                onClick={() => form.setFieldValue('greeting', defaultGreeting)}
              >
                {t('chat_setting.greeting_use_default')}
              </Button>
            </>
          )
        }
        rules={[{ max: 500 }]}
      >
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} />
      </Form.Item>
      <FormActions saving={saving} disabled={!editable} />
    </Form>
  );
}
