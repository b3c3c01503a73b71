import { parseBlocklist, type TTicketSetting } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flex, Form, Input, Switch, Typography } from 'antd';
import { settingApi } from '../../api/setting';
import { usePermission } from '../../auth/usePermission';
import { FormActions, FormPage } from '../../components/FormPage';
import { PageLoading } from '../../components/PageLoading';
import { useSave } from '../../components/useSave';
import { translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import { ticketKeys } from '../ticket/shared/queries';

type TSwitchKey = Exclude<keyof TTicketSetting, 'follow_and_ccs_blacklist'>;

/** The ten on/off settings, in the order an administrator reads them. */
const switches: readonly TSwitchKey[] = [
  'public_comment',
  'show_hyperlink',
  'can_attach',
  'include_attach',
  'enable_tag',
  'auto_assign',
  'allow_reassign',
  'allow_score',
  'enable_follow',
  'enable_ccs',
];

/** Settings › Ticket settings. */
export function TicketSettingsPage() {
  const setting = useQuery({
    queryKey: ticketKeys.settings,
    queryFn: ({ signal }) => settingApi.ticketGet({ signal }),
  });
  return <FormPage>{setting.data ? <TicketSettingsForm setting={setting.data} /> : <PageLoading />}</FormPage>;
}

/** The first entry of a space-separated block list that is not an address or a domain. */
export function badBlocklistEntry(text: string): string | null {
  const parsed = parseBlocklist(text);
  return parsed.ok ? null : parsed.entry;
}

function TicketSettingsForm({ setting }: { setting: TTicketSetting }) {
  const { t } = useTranslation();
  const { can } = usePermission();
  const editable = can('btn', 'settings.ticket.edit');
  const [form] = Form.useForm<TTicketSetting>();
  const followOrCc = Form.useWatch([], form);
  const { save, saving } = useSave({
    form,
    call: (values: TTicketSetting, opts) =>
      settingApi.ticketEdit({ ...values, follow_and_ccs_blacklist: values.follow_and_ccs_blacklist.trim() }, opts),
    invalidate: [ticketKeys.settings],
  });
  const listUsed =
    (followOrCc?.enable_follow ?? setting.enable_follow) || (followOrCc?.enable_ccs ?? setting.enable_ccs);

  return (
    <Form<TTicketSetting>
      form={form}
      layout="vertical"
      initialValues={setting}
      onFinish={save}
      disabled={saving || !editable}
      style={{ maxWidth: 720 }}
    >
      <Flex vertical>
        {switches.map((key) => (
          <Flex
            key={key}
            justify="space-between"
            align="center"
            gap={24}
            style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}
          >
            <Flex vertical style={{ minWidth: 0 }}>
              <label htmlFor={`ticket-setting-${key}`}>
                <Typography.Text strong>{t(`ticket_setting.${key}`)}</Typography.Text>
              </label>
              <Typography.Text type="secondary">{t(`ticket_setting.${key}_hint`)}</Typography.Text>
            </Flex>
            <Form.Item name={key} valuePropName="checked" noStyle>
              <Switch id={`ticket-setting-${key}`} />
            </Form.Item>
          </Flex>
        ))}
      </Flex>
      <Form.Item
        name="follow_and_ccs_blacklist"
        label={t('ticket_setting.follow_and_ccs_blacklist')}
        extra={listUsed ? t('ticket_setting.follow_and_ccs_blacklist_hint') : t('ticket_setting.blacklist_unused')}
        style={{ marginTop: 24 }}
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              const bad = badBlocklistEntry(typeof value === 'string' ? value : '');
              if (bad !== null) {
                throw new Error(translateMessage('blacklist_entry_invalid').replace('{entry}', bad));
              }
            },
          },
        ]}
      >
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={10_000}
          placeholder="spam@example.com @example.org"
        />
      </Form.Item>
      {editable && <FormActions saving={saving} />}
    </Form>
  );
}
