import { DownOutlined, LoadingOutlined, PaperClipOutlined } from '@ant-design/icons';
import { enums, type TSubmitAs, type TTicket, type TTicketEditRequest } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Dropdown,
  Flex,
  Form,
  Grid,
  Input,
  Result,
  Segmented,
  Select,
  Skeleton,
  Space,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ticketApi } from '../../api/ticket';
import { Can } from '../../components/Can';
import { useEnum } from '../../components/enumOptions';
import { useSave } from '../../components/useSave';
import { translateMessage } from '../../i18n';
import { requestCloseTab } from '../../layout/tabs';
import { afterSubmitChoices, afterSubmitStore, nextTicketPath, type TAfterSubmit } from './afterSubmit';
import { Conversation, noteBackground } from './Conversation';
import { textToHtml } from './commentHtml';
import { changedProps, PropertiesPanel, propsOf, type TTicketProps } from './PropertiesPanel';
import { ticketKeys, ticketPaths, useTicket, useTicketComments } from './queries';
import { TicketStateTag } from './TicketStateTag';
import { useAttachments } from './useAttachments';

/** The state the submit button offers first: the ticket's own, a new ticket's is Open. */
function defaultSubmitAs(ticket: TTicket): TSubmitAs {
  const state = ticket.ticket_state;
  return state === 'new' ? 'open' : state;
}

function TicketScreen({ ticket }: { ticket: TTicket }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const submitAs = useEnum('submit_as');
  const comments = useTicketComments(ticket.ticket_id);
  const [form] = Form.useForm<TTicketProps>();
  const [text, setText] = useState('');
  const [isPublic, setIsPublic] = useState(true);
  const [after, setAfter] = useState<TAfterSubmit>(afterSubmitStore.get);
  const attachments = useAttachments();
  const sending = useRef(false);
  const [busy, setBusy] = useState(false);

  // Another agent's change (or ours) arrives: the panel shows the ticket as it is now.
  useEffect(() => {
    form.setFieldsValue(propsOf(ticket));
  }, [ticket, form]);

  const edit = useSave({
    call: (body: TTicketEditRequest, opts) => ticketApi.edit(body, opts),
    invalidate: [ticketKeys.comments(ticket.ticket_id), ['ticket', 'list'], ticketKeys.views],
    onSaved: async (updated) => {
      queryClient.setQueryData(ticketKeys.one(ticket.ticket_id), updated);
      setText('');
      attachments.clear();
      if (after === 'close_tab') {
        requestCloseTab(ticketPaths.edit(ticket.ticket_id));
      } else if (after === 'next_ticket') {
        void navigate(await nextTicketPath(ticket.ticket_id, ticketPaths.edit));
      }
    },
  });

  const submit = async (state: TSubmitAs) => {
    if (sending.current || attachments.isUploading()) {
      void message.warning(translateMessage('sending_in_progress'));
      return;
    }
    sending.current = true;
    setBusy(true);
    try {
      const body = textToHtml(text);
      const fileIds = attachments.fileIds();
      await edit.saveAsync({
        ticket_id: ticket.ticket_id,
        submit_as: state,
        ...changedProps(ticket, form.getFieldsValue()),
        ...(body !== '' || fileIds.length > 0 ? { comment: { body, is_public: isPublic, file_ids: fileIds } } : {}),
      });
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const saveSubject = (subject: string) => {
    const trimmed = subject.trim();
    if (trimmed !== '' && trimmed !== ticket.subject) {
      void edit.saveAsync({ ticket_id: ticket.ticket_id, subject: trimmed });
    }
  };

  const first = defaultSubmitAs(ticket);
  const wide = screens.lg !== false;

  return (
    <Flex gap={16} vertical={!wide} align="flex-start" style={{ maxWidth: 1400, margin: '0 auto' }}>
      <Flex vertical gap={16} style={{ flex: 1, minWidth: 0, width: '100%' }}>
        <Card variant="borderless">
          <Flex gap={12} align="center" wrap>
            <Typography.Text type="secondary" style={{ fontSize: 18 }}>
              #{ticket.ticket_id}
            </Typography.Text>
            <Typography.Title
              level={4}
              style={{ margin: 0, flex: 1, minWidth: 200 }}
              editable={{ onChange: saveSubject, triggerType: ['icon'], maxLength: 250 }}
            >
              {ticket.subject}
            </Typography.Title>
            <TicketStateTag state={ticket.ticket_state} />
          </Flex>
        </Card>
        <Card variant="borderless" title={t('ticket.conversation')}>
          <Conversation comments={comments.data} loading={comments.isPending} />
        </Card>
        <Can btn="ticket.edit">
          <Card
            variant="borderless"
            style={isPublic ? undefined : { background: noteBackground }}
            title={
              <Segmented<'public' | 'note'>
                value={isPublic ? 'public' : 'note'}
                onChange={(v) => setIsPublic(v === 'public')}
                options={[
                  { value: 'public', label: t('ticket.public_reply') },
                  { value: 'note', label: t('ticket.internal_note') },
                ]}
              />
            }
          >
            <Flex vertical gap={12}>
              <Input.TextArea
                aria-label={t('ticket.composer')}
                value={text}
                onChange={(e) => setText(e.target.value)}
                autoSize={{ minRows: 5, maxRows: 16 }}
                placeholder={isPublic ? t('ticket.reply_placeholder') : t('ticket.note_placeholder')}
                style={isPublic ? undefined : { background: noteBackground }}
              />
              <Upload
                fileList={attachments.files}
                multiple={false}
                beforeUpload={(file) => {
                  void attachments.add(file);
                  return Upload.LIST_IGNORE;
                }}
                onRemove={(file) => attachments.remove(file.uid)}
              >
                <Button icon={<PaperClipOutlined />}>{t('ticket.attach')}</Button>
              </Upload>
              <Flex justify="space-between" align="center" gap={12} wrap>
                <Space>
                  <Typography.Text type="secondary">{t('ticket.after_submit')}</Typography.Text>
                  <Select<TAfterSubmit>
                    aria-label={t('ticket.after_submit')}
                    value={after}
                    style={{ minWidth: 190 }}
                    onChange={(value) => {
                      setAfter(value);
                      afterSubmitStore.set(value);
                    }}
                    options={afterSubmitChoices.map((value) => ({ value, label: t(`ticket.after_${value}`) }))}
                  />
                </Space>
                <Space.Compact>
                  <Button
                    type="primary"
                    // Not `loading`: a click while sending must still say "resubmit later".
                    icon={busy ? <LoadingOutlined /> : undefined}
                    onClick={() => void submit(first)}
                  >
                    {submitAs.label(first)}
                  </Button>
                  <Dropdown
                    trigger={['click']}
                    menu={{
                      items: enums.submit_as.values.map((value) => ({ key: value, label: submitAs.label(value) })),
                      onClick: ({ key }) => void submit(key as TSubmitAs),
                    }}
                  >
                    <Button type="primary" icon={<DownOutlined />} aria-label={t('ticket.submit_as')} />
                  </Dropdown>
                </Space.Compact>
              </Flex>
            </Flex>
          </Card>
        </Can>
      </Flex>
      <div style={{ width: wide ? 300 : '100%', flex: 'none' }}>
        <PropertiesPanel ticket={ticket} form={form} />
      </div>
    </Flex>
  );
}

/** A ticket: its conversation, a composer that submits as a state, and its properties. */
export function TicketPage() {
  const { t } = useTranslation();
  const { ticket_id: raw } = useParams();
  const ticketId = Number(raw);
  const valid = Number.isInteger(ticketId) && ticketId > 0;
  const ticket = useTicket(valid ? ticketId : 0, valid);
  if (!valid || ticket.isError) {
    return <Result status="404" title={t('ticket.not_found')} />;
  }
  if (!ticket.data) {
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  return <TicketScreen key={ticketId} ticket={ticket.data} />;
}
