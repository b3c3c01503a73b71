import { ZTagMergeRequest } from '@parley/contracts';
import { Form, Select, Typography } from 'antd';
import { tagApi } from '../../api/tag';
import { FormModal } from '../../components/FormModal';
import { schemaRule } from '../../components/formRules';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { ticketKeys } from '../ticket/shared/queries';
import { tagKeys } from './queries';

interface TMergeValues {
  into: string;
}

/** Merges the chosen tags into one of the others: their tickets carry that one instead. */
export function TagMergeModal({
  tagNames,
  options,
  onClose,
}: {
  tagNames: string[] | null;
  options: string[];
  onClose: (merged: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TMergeValues>();
  const { save, saving } = useSave({
    form,
    call: (values: TMergeValues, opts) =>
      tagApi.merge({ tag_names: (tagNames ?? []).filter((n) => n !== values.into), into: values.into }, opts),
    invalidate: [tagKeys.all, ticketKeys.all],
    onSaved: () => onClose(true),
  });
  return (
    <FormModal<TMergeValues>
      open={tagNames !== null}
      title={t('tag.merge_title')}
      form={form}
      saving={saving}
      onFinish={save}
      onCancel={() => onClose(false)}
      okText={t('tag.merge')}
    >
      <Typography.Paragraph>{t('tag.merge_text', { tags: (tagNames ?? []).join(', ') })}</Typography.Paragraph>
      <Form.Item name="into" label={t('tag.merge_into')} rules={[schemaRule(ZTagMergeRequest.shape.into)]} required>
        <Select
          showSearch
          placeholder={t('tag.merge_into_placeholder')}
          options={options.map((o) => ({ value: o, label: o }))}
        />
      </Form.Item>
    </FormModal>
  );
}
