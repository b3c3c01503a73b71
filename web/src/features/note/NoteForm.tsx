import {
  notePlaceholders,
  onlyNotePlaceholders,
  type TNote,
  type TNoteAddRequest,
  ZNoteAddRequest,
} from '@parley/contracts';
import { Card, Form, Input, Radio, Select, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useEnum } from '../../components/enumOptions';
import { FormActions } from '../../components/FormPage';
import { checkRule, schemaRule, setServerErrors } from '../../components/formRules';
import { type TSaveCallOptions, useSave } from '../../components/useSave';
import { translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import { TagSelect } from '../ticket/shared/PropertySelects';
import { useStaffNames } from '../ticket/shared/useNames';
import { NoteFieldActions } from './NoteFieldActions';
import { noteActionItems, noteRequestOf, noteValuesOf, type TNoteValues, withStale } from './noteValues';
import { noteKeys, notePaths } from './queries';

/** A note (macro): its name, who may use it, and what it does to a ticket. */
export function NoteForm({
  note,
  call,
}: {
  note?: TNote;
  call: (values: TNoteAddRequest, opts: TSaveCallOptions) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<TNoteValues>();
  const staff = useStaffNames();
  const shareType = Form.useWatch('share_type', form);
  const keep = { value: 'keep', label: t('note.keep') };
  const submitAs = useEnum('submit_as').options;
  const priorities = useEnum('ticket_priority').options;
  const types = useEnum('ticket_type').options;
  const { save, saving } = useSave({
    form,
    call: (values: TNoteValues, opts) => call(noteRequestOf(values), opts),
    invalidate: [noteKeys.all],
    onSaved: () => void navigate(notePaths.list),
    showErrors: (fields) => {
      const failures = Object.entries(fields)
        .filter(([name]) => noteActionItems[name])
        .map(([name, text]) => ({ name: noteActionItems[name] as string, errors: [translateMessage(text)] }));
      setServerErrors(form, failures);
      return failures.length > 0;
    },
  });
  const narrow = { maxWidth: 320 };
  const loaded = !staff.loading;

  return (
    <Form<TNoteValues>
      form={form}
      layout="vertical"
      initialValues={noteValuesOf(note)}
      onFinish={save}
      disabled={saving}
      style={{ maxWidth: 760 }}
    >
      <Form.Item name="title" label={t('note.title')} rules={[schemaRule(ZNoteAddRequest.shape.title)]} required>
        <Input autoFocus maxLength={100} />
      </Form.Item>
      <Card size="small" title={t('note.actions')} style={{ marginBottom: 16 }}>
        <Form.Item name="submit_as" label={t('note.submit_as')}>
          <Select style={narrow} options={[keep, ...submitAs]} />
        </Form.Item>
        <Form.Item name="priority" label={t('ticket.priority')}>
          <Select style={narrow} options={[keep, ...priorities]} />
        </Form.Item>
        <Form.Item name="ticket_type" label={t('ticket.type')}>
          <Select style={narrow} options={[keep, ...types]} />
        </Form.Item>
        <Form.Item name="assignee" label={t('ticket.assignee')}>
          <Select
            style={narrow}
            showSearch={{ optionFilterProp: 'label' }}
            options={withStale(
              [
                keep,
                { value: 'current_user', label: t('note.current_user') },
                { value: 'none', label: t('ticket.unassigned') },
                ...staff.agentOptions,
              ],
              note?.actions.assignee_id,
              loaded,
              t('note.deleted_agent'),
            )}
          />
        </Form.Item>
        <Form.Item name="group" label={t('ticket.group')}>
          <Select
            style={narrow}
            options={withStale(
              [keep, { value: 'none', label: t('ticket.no_group') }, ...staff.groupOptions],
              note?.actions.group_id,
              loaded,
              t('note.deleted_group'),
            )}
          />
        </Form.Item>
        <NoteFieldActions />
        <Form.Item name="add_tags" label={t('note.add_tags')}>
          <TagSelect />
        </Form.Item>
        <Form.Item name="remove_tags" label={t('note.remove_tags')}>
          <TagSelect />
        </Form.Item>
        <Form.Item name="comment_public" label={t('note.comment_kind')}>
          <Radio.Group
            options={[
              { value: true, label: t('ticket.public_reply') },
              { value: false, label: t('ticket.internal_note') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="comment_body"
          label={t('note.comment')}
          rules={[checkRule((v) => typeof v !== 'string' || onlyNotePlaceholders(v), 'note_placeholder_unknown')]}
          extra={
            <Typography.Text type="secondary">
              {t('note.placeholders')} {notePlaceholders.join(' ')}
            </Typography.Text>
          }
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={10_000} />
        </Form.Item>
      </Card>
      <Form.Item name="share_type" label={t('note.share')}>
        <Radio.Group
          options={[
            { value: 'all', label: t('view.share_all') },
            { value: 'group', label: t('view.share_group') },
            { value: 'me', label: t('view.share_me') },
          ]}
        />
      </Form.Item>
      {shareType === 'group' && (
        <Form.Item
          name="group_id"
          label={t('ticket.group')}
          rules={[{ required: true, message: t('view.group_required') }]}
        >
          <Select style={narrow} options={staff.groupOptions} loading={staff.loading} />
        </Form.Item>
      )}
      <FormActions saving={saving} cancelTo={notePaths.list} />
    </Form>
  );
}
