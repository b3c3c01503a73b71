import { type TAllowType, type TShortcut, type TShortcutAddRequest, ZShortcutAddRequest } from '@parley/contracts';
import { Form, Input, Radio, Select } from 'antd';
import { useNavigate } from 'react-router';
import { useEnum } from '../../components/enumOptions';
import { FormActions } from '../../components/FormPage';
import { checkRule, schemaRule } from '../../components/formRules';
import { type TSaveCallOptions, useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { shortcutKeys, shortcutPaths } from './queries';

interface TShortcutValues {
  title: string;
  message: string;
  allow_type: TAllowType;
  choice_list: string[];
}

/** A canned reply: title, message, who sees it, and quick answers offered with it. */
export function ShortcutForm({
  shortcut,
  call,
}: {
  shortcut?: TShortcut;
  call: (values: TShortcutAddRequest, opts: TSaveCallOptions) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<TShortcutValues>();
  const allowTypes = useEnum('allow_type').options;
  const { save, saving } = useSave({
    form,
    // Tags arrive with the ticket work; a shortcut keeps the ones it has meanwhile.
    call: (values: TShortcutValues, opts) => call({ ...values, tag_ids: shortcut?.tag_ids ?? [] }, opts),
    invalidate: [shortcutKeys.all],
    onSaved: () => void navigate(shortcutPaths.list),
  });

  return (
    <Form<TShortcutValues>
      form={form}
      layout="vertical"
      initialValues={{
        title: shortcut?.title ?? '',
        message: shortcut?.message ?? '',
        allow_type: shortcut?.allow_type ?? 'me',
        choice_list: shortcut?.choice_list ?? [],
      }}
      onFinish={save}
      disabled={saving}
      style={{ maxWidth: 640 }}
    >
      <Form.Item
        name="title"
        label={t('shortcut.title')}
        rules={[schemaRule(ZShortcutAddRequest.shape.title)]}
        required
      >
        <Input autoFocus maxLength={200} />
      </Form.Item>
      <Form.Item name="message" label={t('shortcut.message')} extra={t('shortcut.message_hint')}>
        <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={10_000} />
      </Form.Item>
      <Form.Item
        name="choice_list"
        label={t('shortcut.choices')}
        extra={t('shortcut.choices_hint')}
        rules={[
          checkRule(
            (value) => !Array.isArray(value) || value.every((c) => typeof c === 'string' && c.trim().length <= 200),
            'field_too_long',
          ),
        ]}
      >
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={['\n']}
          placeholder={t('shortcut.choices_placeholder')}
        />
      </Form.Item>
      <Form.Item name="allow_type" label={t('shortcut.allow_type')}>
        <Radio.Group options={allowTypes} />
      </Form.Item>
      <FormActions saving={saving} cancelTo={shortcutPaths.list} />
    </Form>
  );
}
