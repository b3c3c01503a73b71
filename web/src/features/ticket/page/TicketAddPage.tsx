import {
  enums,
  type TSubmitAs,
  type TTicketFields,
  type TTicketPriority,
  type TTicketType,
  ZEmail,
} from '@parley/contracts';
import { App, Card, Form, Input, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ticketApi } from '../../../api/ticket';
import { useSession } from '../../../auth/SessionContext';
import { useEnum } from '../../../components/enumOptions';
import { FormActions, FormPage } from '../../../components/FormPage';
import { checkRule, schemaRule } from '../../../components/formRules';
import { Segmented } from '../../../components/Segmented';
import { useSave } from '../../../components/useSave';
import { translateMessage } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { lastTicketList, requestCloseTab } from '../../../layout/tabs';
import { useAllGroups } from '../../group/queries';
import { showCustomFieldErrors } from '../../ticket-field/fieldErrors';
import { TicketFieldItems } from '../../ticket-field/TicketFieldItems';
import { ComposerField, type TComposerField } from '../composer/ComposerField';
import { isBlankHtml } from '../composer/composerHtml';
import { ticketKeys, ticketPaths, useTicketSettings } from '../shared/queries';
import { RequesterSelect } from '../shared/RequesterSelect';
import { useStaffNames } from '../shared/useNames';
import { newTicketGroups } from './newTicketGroup';

interface TAddValues {
  requester_id?: number | null;
  requester_email?: string;
  requester_name?: string;
  subject?: string;
  description?: string;
  is_public: boolean;
  submit_as: TSubmitAs | 'new';
  group_id: number | null;
  assignee_id: number | null;
  ticket_type: TTicketType;
  priority: TTicketPriority;
  tags: string[];
  fields?: TTicketFields;
  form_id?: number | null;
}

const initialValues: TAddValues = {
  is_public: true,
  submit_as: 'new',
  group_id: null,
  assignee_id: null,
  ticket_type: 'question',
  priority: 'normal',
  tags: [],
};

/** New ticket, for an existing requester (found by email) or a new one. */
export function TicketAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<TAddValues>();
  const [who, setWho] = useState<'existing' | 'new'>('existing');
  const names = useStaffNames();
  const types = useEnum('ticket_type');
  const priorities = useEnum('ticket_priority');
  const states = useEnum('ticket_state');
  const settings = useTicketSettings();
  const composer = useRef<TComposerField>(null);
  const groupId = Form.useWatch('group_id', form);
  const assigneeId = Form.useWatch('assignee_id', form);
  const { message } = App.useApp();
  // An agent who does not see all tickets picks among their groups; one limited to their groups
  // starts with the one it will be.
  const { user } = useSession();
  const { limitedTo, noGroup, preset } = newTicketGroups(user, useAllGroups().data);
  useEffect(() => {
    if (preset !== null && !form.isFieldTouched('group_id') && form.getFieldValue('group_id') === null) {
      form.setFieldValue('group_id', preset);
    }
  }, [preset, form]);
  const groupOptions = [
    ...(noGroup ? [{ value: null, label: t('ticket.no_group') }] : []),
    ...(limitedTo
      ? names.groupOptions.filter((o) => limitedTo.some((g) => g.group_id === o.value))
      : names.groupOptions),
  ];
  const { save, saving } = useSave({
    form,
    // group_id: the server refuses a group the caller cannot see, under the group picker.
    fieldNames: ['requester_id', 'requester_email', 'requester_name', 'subject', 'description', 'group_id'],
    // A custom field's value the server refused goes under that field.
    showErrors: (fields) => showCustomFieldErrors(form, fields),
    call: (v: TAddValues, opts) => {
      const first = composer.current?.read() ?? { body: '', fileIds: [] };
      return ticketApi.add(
        {
          ...(who === 'existing'
            ? { requester_id: v.requester_id ?? undefined }
            : { requester_email: v.requester_email?.trim(), requester_name: v.requester_name?.trim() ?? '' }),
          subject: v.subject?.trim() ?? '',
          comment: { body: first.body, is_public: v.is_public, file_ids: first.fileIds },
          ...(v.submit_as === 'new' ? {} : { submit_as: v.submit_as }),
          group_id: v.group_id,
          assignee_id: v.assignee_id,
          ticket_type: v.ticket_type,
          priority: v.priority,
          tags: v.tags,
          ...(v.form_id ? { form_id: v.form_id } : {}),
          ...filled(v.fields),
        },
        opts,
      );
    },
    invalidate: [ticketKeys.all],
    onSaved: (result) => {
      // The new ticket takes the place of this form's tab.
      requestCloseTab(ticketPaths.add);
      void navigate(ticketPaths.edit(result.ticket_id));
    },
  });

  return (
    <FormPage backTo={lastTicketList.get()}>
      <Form<TAddValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={(changed: Partial<TAddValues>) => {
          if (changed.group_id !== undefined) {
            form.setFieldValue(
              'assignee_id',
              names.assigneeInGroup(changed.group_id, form.getFieldValue('assignee_id')),
            );
          }
        }}
        onFinish={(values) => {
          // The first comment's files must be on the server before the ticket refers to them.
          if (composer.current?.isUploading()) {
            void message.warning(translateMessage('sending_in_progress'));
            return;
          }
          save(values);
        }}
      >
        <Card variant="borderless" size="small" title={t('ticket.requester')} style={{ marginBottom: 16 }}>
          <Segmented<'existing' | 'new'>
            value={who}
            onChange={setWho}
            style={{ marginBottom: 16 }}
            options={[
              { value: 'existing', label: t('ticket.existing_requester') },
              { value: 'new', label: t('ticket.new_requester') },
            ]}
          />
          {who === 'existing' ? (
            <Form.Item
              name="requester_id"
              label={t('ticket.requester')}
              rules={[checkRule((v) => typeof v === 'number', 'required_requester')]}
              required
            >
              <RequesterSelect />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="requester_email" label={t('ticket.email')} rules={[schemaRule(ZEmail)]} required>
                <Input autoComplete="off" />
              </Form.Item>
              <Form.Item name="requester_name" label={t('ticket.name')}>
                <Input maxLength={100} />
              </Form.Item>
            </>
          )}
        </Card>
        <Form.Item
          name="subject"
          label={t('ticket.subject')}
          rules={[checkRule((v) => typeof v === 'string' && v.trim() !== '', 'required_subject')]}
          required
        >
          <Input maxLength={250} />
        </Form.Item>
        <Form.Item name="is_public" label={t('ticket.first_comment')}>
          <Segmented<boolean>
            options={[
              { value: true, label: t('ticket.public_reply') },
              { value: false, label: t('ticket.internal_note') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('ticket.description')}
          rules={[checkRule((v) => typeof v === 'string' && !isBlankHtml(v), 'required_description')]}
          required
        >
          <DescriptionField
            field={composer}
            label={t('ticket.description')}
            placeholder={t('ticket.reply_placeholder')}
            canAttach={settings?.can_attach !== false}
            onSubmit={() => form.submit()}
          />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', columnGap: 16 }}>
          <Form.Item name="group_id" label={t('ticket.group')}>
            <Select options={groupOptions} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
          <Form.Item name="assignee_id" label={t('ticket.assignee')}>
            <Select
              options={[
                { value: null, label: t('ticket.unassigned') },
                ...names.assigneeOptions(groupId ?? null, assigneeId ?? null),
              ]}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
          <Form.Item name="ticket_type" label={t('ticket.type')}>
            <Select options={types.options.filter((o) => o.value !== 'chat')} />
          </Form.Item>
          <Form.Item name="priority" label={t('ticket.priority')}>
            <Select options={priorities.options} />
          </Form.Item>
          <Form.Item name="submit_as" label={t('ticket.state')}>
            <Select
              options={[
                { value: 'new', label: states.label('new') },
                ...enums.submit_as.values.map((value) => ({ value, label: states.label(value) })),
              ]}
            />
          </Form.Item>
          <Form.Item name="tags" label={t('ticket.tags')}>
            <Select mode="tags" tokenSeparators={[',', ' ', '，']} open={false} suffixIcon={null} />
          </Form.Item>
        </div>
        <div style={{ maxWidth: 480 }}>
          <TicketFieldItems />
        </div>
        <FormActions saving={saving} saveLabel={t('ticket.create')} cancelTo={lastTicketList.get()} />
      </Form>
    </FormPage>
  );
}

/** The first comment's composer, drawn red while its form item holds an error. */
function DescriptionField(props: Omit<Parameters<typeof ComposerField>[0], 'invalid'>) {
  const { status } = Form.Item.useStatus();
  return <ComposerField {...props} invalid={status === 'error'} />;
}

/** The custom field values typed in, when there are any (inputs never touched are left out). */
function filled(fields: TTicketFields | undefined): { fields?: TTicketFields } {
  const values = Object.fromEntries(
    Object.entries(fields ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
  return Object.keys(values).length ? { fields: values } : {};
}
