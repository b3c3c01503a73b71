import { type TTagItem, ZTagAddRequest } from '@parley/contracts';
import { Form, Input, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { tagApi } from '../../api/tag';
import { FormActions } from '../../components/FormPage';
import { schemaRule } from '../../components/formRules';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { ticketKeys } from '../ticket/shared/queries';
import { tagKeys, tagPaths } from './queries';

interface TTagValues {
  name: string;
}

/** Add a tag, or rename one (every ticket carrying it follows). */
export function TagForm({ tag }: { tag?: TTagItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<TTagValues>();
  const { save, saving } = useSave({
    form,
    fieldNames: ['name'],
    call: (values: TTagValues, opts) =>
      tag
        ? tagApi.edit({ tag_name: tag.tag_name, new_name: values.name }, opts)
        : tagApi.add({ tag_name: values.name }, opts),
    invalidate: [tagKeys.all, ticketKeys.all],
    onSaved: () => void navigate(tagPaths.list),
  });
  return (
    <Form<TTagValues>
      form={form}
      layout="vertical"
      initialValues={{ name: tag?.tag_name ?? '' }}
      onFinish={save}
      disabled={saving}
      style={{ maxWidth: 480 }}
    >
      <Form.Item name="name" label={t('tag.name')} rules={[schemaRule(ZTagAddRequest.shape.tag_name)]} required>
        <Input autoFocus maxLength={80} />
      </Form.Item>
      {tag && (
        <Typography.Paragraph type="secondary">
          {t('tag.rename_hint', { count: tag.ticket_count })}
        </Typography.Paragraph>
      )}
      <FormActions saving={saving} cancelTo={tagPaths.list} />
    </Form>
  );
}
