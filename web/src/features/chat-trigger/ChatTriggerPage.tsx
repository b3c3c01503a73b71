import { PlusOutlined } from '@ant-design/icons';
import type { TChatTrigger, TChatTriggerInput, TChatTriggerType } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Radio, Select, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/chatSettingsStrings';
import { chatApi, questionApi } from '../../api/chat';
import { groupApi } from '../../api/group';
import { Can } from '../../components/Can';
import { FormModal } from '../../components/FormModal';
import { ListPage } from '../../components/ListPage';
import { NumberWithUnit } from '../../components/NumberWithUnit';
import { actionsColumn, DeleteAction, EditAction } from '../../components/RowActions';
import { tableEmpty } from '../../components/tableEmpty';
import { useConfirm } from '../../components/useConfirm';
import { useSave } from '../../components/useSave';
import { chatKeys } from '../chat/queries';

type TFormValues = {
  title: string;
  trigger_type: TChatTriggerType;
  enabled: boolean;
  delay_seconds?: number;
  url_contains?: string;
  message?: string;
  question_id?: number;
  choice_id?: number;
  group_id?: number;
};

const typeColor: Record<TChatTriggerType, string> = {
  page_greeting: 'blue',
  no_accept_reply: 'orange',
  route_by_answer: 'purple',
};

/** Settings › Chat triggers: greetings on pages, replies when nobody accepts, routing by a pre-chat answer. */
export function ChatTriggerPage() {
  const { t } = useTranslation();
  const triggers = useQuery({ queryKey: chatKeys.triggers, queryFn: ({ signal }) => chatApi.triggerList({ signal }) });
  const questions = useQuery({
    queryKey: chatKeys.questions,
    queryFn: ({ signal }) => questionApi.all({ signal, silent: true }),
  });
  const groups = useQuery({
    queryKey: ['chat', 'groups'],
    queryFn: ({ signal }) => groupApi.list({ limit: 100 }, { signal, silent: true }),
  });
  const [editing, setEditing] = useState<TChatTrigger | 'new' | null>(null);
  const { confirmDelete } = useConfirm();
  const remove = useSave({
    call: (trigger: TChatTrigger, opts) => chatApi.triggerDelete([trigger.trigger_id], opts),
    invalidate: [chatKeys.triggers],
    successKey: 'deleted',
  });

  const questionTitle = (id: number | null) =>
    questions.data?.list.find((q) => q.question_id === id)?.title ?? `#${id}`;
  const choiceText = (qid: number | null, cid: number | null) =>
    questions.data?.list.find((q) => q.question_id === qid)?.answers.find((c) => c.choice_id === cid)?.text ??
    `#${cid}`;
  const groupName = (id: number | null) => groups.data?.list.find((g) => g.group_id === id)?.group_name ?? `#${id}`;

  const describe = (x: TChatTrigger): string => {
    if (x.trigger_type === 'page_greeting') {
      return x.url_contains
        ? t('chat_trigger.when_page', { seconds: x.delay_seconds, url: x.url_contains })
        : t('chat_trigger.when_any_page', { seconds: x.delay_seconds });
    }
    if (x.trigger_type === 'no_accept_reply') {
      return t('chat_trigger.when_no_accept', { seconds: x.delay_seconds });
    }
    return t('chat_trigger.when_answer', {
      question: questionTitle(x.question_id),
      choice: choiceText(x.question_id, x.choice_id),
      group: groupName(x.group_id),
    });
  };

  return (
    <ListPage
      subtitle={t('chat_trigger.subtitle')}
      actions={
        <Can btn="chat.trigger.add">
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
            {t('chat_trigger.add')}
          </Button>
        </Can>
      }
    >
      {triggers.isError ? (
        <Alert type="error" showIcon title={t('chat_trigger.load_failed')} />
      ) : (
        <Table<TChatTrigger>
          rowKey="trigger_id"
          size="middle"
          loading={triggers.isLoading}
          dataSource={triggers.data?.list}
          pagination={false}
          locale={tableEmpty(t, false, t('chat_trigger.empty'))}
          scroll={{ x: 800 }}
          columns={[
            { title: t('chat_trigger.title'), dataIndex: 'title', width: 200 },
            {
              title: t('chat_trigger.type'),
              dataIndex: 'trigger_type',
              width: 190,
              render: (type: TChatTriggerType) => <Tag color={typeColor[type]}>{t(`chat_trigger.types.${type}`)}</Tag>,
            },
            {
              title: t('chat_trigger.rule'),
              key: 'rule',
              render: (_v, x) => (
                <>
                  <div>{describe(x)}</div>
                  {x.message && (
                    <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360 }}>
                      “{x.message}”
                    </Typography.Text>
                  )}
                </>
              ),
            },
            {
              title: t('chat_trigger.enabled'),
              dataIndex: 'enabled',
              width: 100,
              render: (on: boolean) =>
                on ? <Tag color="green">{t('chat_trigger.on')}</Tag> : <Tag>{t('chat_trigger.off')}</Tag>,
            },
            actionsColumn<TChatTrigger>(t('common.actions'), 180, (x) => (
              <>
                <EditAction btn="chat.trigger.edit" onClick={() => setEditing(x)} />
                <DeleteAction
                  btn="chat.trigger.delete"
                  onClick={() => confirmDelete(() => remove.saveAsync(x), x.title)}
                />
              </>
            )),
          ]}
        />
      )}
      {editing && (
        <TriggerModal
          trigger={editing === 'new' ? null : editing}
          questions={questions.data?.list ?? []}
          groups={(groups.data?.list ?? []).map((g) => ({ value: g.group_id, label: g.group_name }))}
          onClose={() => setEditing(null)}
        />
      )}
    </ListPage>
  );
}

function TriggerModal({
  trigger,
  questions,
  groups,
  onClose,
}: {
  trigger: TChatTrigger | null;
  questions: Array<{ question_id: number; title: string; answers: Array<{ choice_id: number; text: string }> }>;
  groups: Array<{ value: number; label: string }>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TFormValues>();
  const type = (Form.useWatch('trigger_type', form) ?? trigger?.trigger_type ?? 'page_greeting') as TChatTriggerType;
  const questionId = Form.useWatch('question_id', form) as number | undefined;
  const choices = questions.find((q) => q.question_id === questionId)?.answers ?? [];
  const { save, saving } = useSave({
    form,
    call: (values: TFormValues, opts) => {
      const body = toRequest(values);
      return trigger
        ? chatApi.triggerEdit({ ...body, trigger_id: trigger.trigger_id }, opts)
        : chatApi.triggerAdd(body, opts);
    },
    invalidate: [chatKeys.triggers],
    onSaved: onClose,
  });
  const initial: Partial<TFormValues> = trigger
    ? {
        title: trigger.title,
        trigger_type: trigger.trigger_type,
        enabled: trigger.enabled,
        ...(trigger.delay_seconds !== null ? { delay_seconds: trigger.delay_seconds } : {}),
        url_contains: trigger.url_contains ?? '',
        message: trigger.message ?? '',
        ...(trigger.question_id !== null ? { question_id: trigger.question_id } : {}),
        ...(trigger.choice_id !== null ? { choice_id: trigger.choice_id } : {}),
        ...(trigger.group_id !== null ? { group_id: trigger.group_id } : {}),
      }
    : { trigger_type: 'page_greeting', enabled: true, delay_seconds: 10, url_contains: '' };

  return (
    <FormModal<TFormValues>
      open
      title={trigger ? t('chat_trigger.edit') : t('chat_trigger.add')}
      form={form}
      saving={saving}
      initialValues={initial}
      onFinish={save}
      onCancel={onClose}
      width={600}
    >
      <Form.Item
        name="title"
        label={t('chat_trigger.title')}
        rules={[{ required: true, message: t('chat_trigger.title_required') }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="trigger_type" label={t('chat_trigger.type')}>
        <Radio.Group
          optionType="button"
          options={(['page_greeting', 'no_accept_reply', 'route_by_answer'] as const).map((v) => ({
            value: v,
            label: t(`chat_trigger.types.${v}`),
          }))}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t(`chat_trigger.explain.${type}`)}</Typography.Paragraph>
      {type !== 'route_by_answer' && (
        <Form.Item
          name="delay_seconds"
          label={type === 'page_greeting' ? t('chat_trigger.delay_page') : t('chat_trigger.delay_no_accept')}
          rules={[{ required: true, message: t('chat_trigger.delay_required') }]}
        >
          <NumberWithUnit min={1} max={3600} unit={t('chat_trigger.seconds')} style={{ width: 200 }} />
        </Form.Item>
      )}
      {type === 'page_greeting' && (
        <Form.Item name="url_contains" label={t('chat_trigger.url_contains')} extra={t('chat_trigger.url_hint')}>
          <Input maxLength={500} placeholder="/pricing" />
        </Form.Item>
      )}
      {type !== 'route_by_answer' && (
        <Form.Item
          name="message"
          label={t('chat_trigger.message')}
          rules={[{ required: true, whitespace: true, message: t('chat_trigger.message_required') }]}
        >
          <Input.TextArea maxLength={type === 'page_greeting' ? 500 : 2000} autoSize={{ minRows: 2 }} />
        </Form.Item>
      )}
      {type === 'route_by_answer' &&
        (questions.length === 0 ? (
          <Alert type="info" showIcon title={t('chat_trigger.no_questions')} style={{ marginBottom: 16 }} />
        ) : (
          <>
            <Form.Item
              name="question_id"
              label={t('chat_trigger.question')}
              rules={[{ required: true, message: t('chat_trigger.pick') }]}
            >
              <Select
                options={questions
                  .filter((q) => q.answers.length > 0)
                  .map((q) => ({ value: q.question_id, label: q.title }))}
                onChange={() => form.setFieldValue('choice_id', undefined)}
              />
            </Form.Item>
            <Form.Item
              name="choice_id"
              label={t('chat_trigger.choice')}
              rules={[{ required: true, message: t('chat_trigger.pick') }]}
            >
              <Select options={choices.map((c) => ({ value: c.choice_id, label: c.text }))} disabled={!questionId} />
            </Form.Item>
            <Form.Item
              name="group_id"
              label={t('chat_trigger.group')}
              rules={[{ required: true, message: t('chat_trigger.pick') }]}
            >
              <Select options={groups} />
            </Form.Item>
          </>
        ))}
      <Form.Item name="enabled" label={t('chat_trigger.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}

/** The form's values as the call takes them: only the fields of the chosen kind. */
function toRequest(v: TFormValues): TChatTriggerInput {
  const common = { title: v.title, enabled: v.enabled ?? true };
  if (v.trigger_type === 'page_greeting') {
    return {
      ...common,
      trigger_type: 'page_greeting',
      delay_seconds: v.delay_seconds ?? 0,
      url_contains: v.url_contains ?? '',
      message: v.message ?? '',
    };
  }
  if (v.trigger_type === 'no_accept_reply') {
    return {
      ...common,
      trigger_type: 'no_accept_reply',
      delay_seconds: v.delay_seconds ?? 0,
      message: v.message ?? '',
    };
  }
  return {
    ...common,
    trigger_type: 'route_by_answer',
    question_id: v.question_id ?? 0,
    choice_id: v.choice_id ?? 0,
    group_id: v.group_id ?? 0,
  };
}
