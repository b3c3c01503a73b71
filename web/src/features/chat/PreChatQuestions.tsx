import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TQuestion, TQuestionAddRequest, TQuestionType } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Select, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { questionApi } from '../../api/chat';
import { Can } from '../../components/Can';
import { useEnum } from '../../components/enumOptions';
import { FormModal } from '../../components/FormModal';
import { actionsColumn, DeleteAction, EditAction } from '../../components/RowActions';
import { useConfirm } from '../../components/useConfirm';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/chatSettingsStrings';
import { chatKeys } from './queries';

type TFormValues = {
  title: string;
  question_type: TQuestionType;
  answers?: Array<{ choice_id?: number; text: string }>;
  rule_question_id?: number | null;
  rule_choice_id?: number | null;
  need_submit_user_info: boolean;
  end_live_chat: boolean;
  end_live_message?: string;
};

/**
 * The widget's pre-chat questions, in the order asked: a question may follow only one choice of an
 * earlier question, ask for name and email, or end the chat with a message instead of starting it.
 */
export function PreChatQuestions() {
  const { t } = useTranslation();
  const questions = useQuery({ queryKey: chatKeys.questions, queryFn: ({ signal }) => questionApi.all({ signal }) });
  const typeLabel = useEnum('question_type').label;
  const [editing, setEditing] = useState<TQuestion | 'new' | null>(null);
  const { confirmDelete } = useConfirm();
  const remove = useSave({
    call: (q: TQuestion, opts) => questionApi.delete(q.question_id, opts),
    invalidate: [chatKeys.questions],
    successKey: 'deleted',
  });
  const list = questions.data?.list ?? [];
  const condition = (q: TQuestion) => {
    if (q.rule_question_id === null) {
      return <Typography.Text type="secondary">{t('pre_chat.always')}</Typography.Text>;
    }
    const parent = list.find((p) => p.question_id === q.rule_question_id);
    const choice = parent?.answers.find((c) => c.choice_id === q.rule_choice_id);
    return t('pre_chat.when', { question: parent?.title ?? '?', choice: choice?.text ?? '?' });
  };

  return (
    <Card
      size="small"
      title={t('pre_chat.title')}
      extra={
        <Can btn="question.add">
          <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
            {t('pre_chat.add')}
          </Button>
        </Can>
      }
    >
      {questions.isError ? (
        <Alert type="error" showIcon title={t('pre_chat.load_failed')} />
      ) : (
        <Table<TQuestion>
          rowKey="question_id"
          size="small"
          loading={questions.isLoading}
          dataSource={list}
          pagination={false}
          locale={{ emptyText: t('pre_chat.empty') }}
          columns={[
            { title: t('pre_chat.question'), dataIndex: 'title' },
            {
              title: t('pre_chat.type'),
              dataIndex: 'question_type',
              width: 120,
              render: (type: string, q) => (
                <Flex gap={4} wrap>
                  <Tag>{typeLabel(type)}</Tag>
                  {q.need_submit_user_info && <Tag color="blue">{t('pre_chat.asks_contact')}</Tag>}
                  {q.end_live_chat && <Tag color="red">{t('pre_chat.ends_chat')}</Tag>}
                </Flex>
              ),
            },
            { title: t('pre_chat.condition'), key: 'condition', render: (_v, q) => condition(q) },
            actionsColumn<TQuestion>(t('common.actions'), 170, (q) => (
              <>
                <EditAction btn="question.edit" onClick={() => setEditing(q)} />
                <DeleteAction btn="question.delete" onClick={() => confirmDelete(() => remove.saveAsync(q), q.title)} />
              </>
            )),
          ]}
        />
      )}
      {editing && (
        <QuestionModal question={editing === 'new' ? null : editing} all={list} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}

function QuestionModal({
  question,
  all,
  onClose,
}: {
  question: TQuestion | null;
  all: TQuestion[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TFormValues>();
  const types = useEnum('question_type').options;
  const type = (Form.useWatch('question_type', form) ?? question?.question_type ?? 'text') as TQuestionType;
  const ruleQuestion = Form.useWatch('rule_question_id', form) as number | null | undefined;
  const ends = Form.useWatch('end_live_chat', form) as boolean | undefined;
  // A question follows a choice of another one; never of itself.
  const parents = all.filter((q) => q.answers.length > 0 && q.question_id !== question?.question_id);
  const choices = parents.find((q) => q.question_id === ruleQuestion)?.answers ?? [];
  const { save, saving } = useSave({
    form,
    call: (v: TFormValues, opts) => {
      const body: TQuestionAddRequest = {
        question_module: 'chat',
        title: v.title,
        question_type: v.question_type,
        answers: v.question_type === 'text' ? [] : (v.answers ?? []).filter((a) => a.text?.trim()),
        rule_question_id: v.rule_question_id ?? null,
        rule_choice_id: v.rule_question_id ? (v.rule_choice_id ?? null) : null,
        need_submit_user_info: v.need_submit_user_info ?? false,
        end_live_chat: v.end_live_chat ?? false,
        end_live_message: v.end_live_chat ? (v.end_live_message ?? '') : '',
      };
      return question
        ? questionApi.edit({ ...body, question_id: question.question_id }, opts)
        : questionApi.add(body, opts);
    },
    invalidate: [chatKeys.questions],
    onSaved: onClose,
  });
  const initial: Partial<TFormValues> = question
    ? {
        title: question.title,
        question_type: question.question_type,
        answers: question.answers,
        rule_question_id: question.rule_question_id,
        rule_choice_id: question.rule_choice_id,
        need_submit_user_info: question.need_submit_user_info,
        end_live_chat: question.end_live_chat,
        end_live_message: question.end_live_message,
      }
    : {
        question_type: 'single_choice',
        answers: [{ text: '' }, { text: '' }],
        need_submit_user_info: false,
        end_live_chat: false,
      };

  return (
    <FormModal<TFormValues>
      open
      title={question ? t('pre_chat.edit') : t('pre_chat.add')}
      form={form}
      saving={saving}
      initialValues={initial}
      onFinish={save}
      onCancel={onClose}
      width={600}
    >
      <Form.Item
        name="title"
        label={t('pre_chat.question')}
        rules={[{ required: true, whitespace: true, message: t('pre_chat.title_required') }]}
      >
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item name="question_type" label={t('pre_chat.type')}>
        <Select options={types} style={{ maxWidth: 240 }} />
      </Form.Item>
      {type !== 'text' && (
        <Form.List name="answers">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8} style={{ marginBottom: 16 }}>
              <Typography.Text>{t('pre_chat.choices')}</Typography.Text>
              {fields.map((field, i) => (
                <Flex key={field.key} gap={8}>
                  <Form.Item
                    name={[field.name, 'text']}
                    noStyle
                    rules={[{ required: true, whitespace: true, message: t('pre_chat.choice_required') }]}
                  >
                    <Input maxLength={500} aria-label={t('pre_chat.choice_n', { n: i + 1 })} />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('pre_chat.remove_choice')}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              ))}
              <Button
                icon={<PlusOutlined aria-hidden />}
                onClick={() => add({ text: '' })}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('pre_chat.add_choice')}
              </Button>
            </Flex>
          )}
        </Form.List>
      )}
      <Form.Item name="rule_question_id" label={t('pre_chat.follows')} extra={t('pre_chat.follows_hint')}>
        <Select
          allowClear
          placeholder={t('pre_chat.always')}
          options={parents.map((q) => ({ value: q.question_id, label: q.title }))}
          onChange={() => form.setFieldValue('rule_choice_id', null)}
        />
      </Form.Item>
      {ruleQuestion ? (
        <Form.Item
          name="rule_choice_id"
          label={t('pre_chat.follows_choice')}
          rules={[{ required: true, message: t('pre_chat.pick') }]}
        >
          <Select options={choices.map((c) => ({ value: c.choice_id, label: c.text }))} />
        </Form.Item>
      ) : null}
      <Form.Item name="need_submit_user_info" label={t('pre_chat.asks_contact_label')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="end_live_chat"
        label={t('pre_chat.ends_chat_label')}
        valuePropName="checked"
        extra={t('pre_chat.ends_chat_hint')}
      >
        <Switch />
      </Form.Item>
      {ends && (
        <Form.Item name="end_live_message" label={t('pre_chat.end_message')}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2 }} />
        </Form.Item>
      )}
    </FormModal>
  );
}
