import { PaperClipOutlined } from '@ant-design/icons';
import type { TShortcut } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Flex, Input, Space, Tag, Typography, Upload } from 'antd';
import { type ComponentRef, type RefObject, useId, useMemo, useRef, useState } from 'react';
import { chatApi } from '../../api/chat';
import { shortcutApi } from '../../api/shortcut';
import { ticketApi } from '../../api/ticket';
import { LiveStatus } from '../../components/LiveStatus';
import { PlainList } from '../../components/PlainList';
import { useUploadList } from '../../components/useUploadList';
import { translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import { useChat } from './ChatContext';
import { chatKeys } from './queries';

function newClientId() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * The agent's composer: `/` opens a picker of the shortcuts this agent sees, a shortcut's
 * `choice_list` goes with the message as quick replies the visitor clicks, internal notes stay
 * with the agents, and typing is shown to the visitor.
 */
export type ComposerRef = ComponentRef<typeof Input.TextArea>;

export function ChatComposer({
  ticketId,
  mine,
  ended,
  inputRef,
}: {
  ticketId: number;
  mine: boolean;
  ended: boolean;
  /** The message box: the conversation sends the keyboard here once the chat is the agent's. */
  inputRef: RefObject<ComposerRef | null>;
}) {
  const { t } = useTranslation();
  const chat = useChat();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const [quickReplies, setQuickReplies] = useState<string[]>([]);
  const [active, setActive] = useState(0);
  // Escape closes the picker and keeps the text; it opens again when a new `/` is typed.
  const [dismissed, setDismissed] = useState(false);
  const listId = useId();
  const shortcuts = useQuery({
    queryKey: ['chat', 'shortcuts'],
    queryFn: ({ signal }) => shortcutApi.list({ limit: 100 }, { signal, silent: true }),
    staleTime: 60_000,
  });
  const { message } = App.useApp();
  // Files go with the next message (or note), as the ticket composer's do.
  const attachments = useUploadList(ticketApi.upload);
  const send = useMutation({
    mutationFn: (vars: { body: string; isPublic: boolean; quickReplies: string[]; fileIds: string[] }) =>
      chatApi.send({
        ticket_id: ticketId,
        body: vars.body,
        client_message_id: newClientId(),
        is_public: vars.isPublic,
        quick_replies: vars.isPublic ? vars.quickReplies : [],
        file_ids: vars.fileIds,
      }),
    onSuccess: () => {
      setText('');
      setQuickReplies([]);
      attachments.clear();
      // Sent with the button (now disabled, the box empty): the keyboard goes on writing.
      inputRef.current?.focus();
      void queryClient.invalidateQueries({ queryKey: chatKeys.messages(ticketId) });
    },
  });

  const typingTimer = useRef(0);
  const onType = (value: string) => {
    setText(value);
    setActive(0);
    if (!value.startsWith('/') || value === '/') {
      setDismissed(false);
    }
    const socket = chat?.socket;
    if (socket && !typingTimer.current && !internal) {
      socket.emit('typing', { ticket_id: ticketId, typing: true }, () => {});
      typingTimer.current = window.setTimeout(() => {
        socket.emit('typing', { ticket_id: ticketId, typing: false }, () => {});
        typingTimer.current = 0;
      }, 2000);
    }
  };

  const picker = useMemo(() => {
    if (!text.startsWith('/') || dismissed) {
      return [];
    }
    const kw = text.slice(1).toLowerCase();
    return (shortcuts.data?.list ?? []).filter((s) => s.title.toLowerCase().includes(kw)).slice(0, 8);
  }, [shortcuts.data, text, dismissed]);
  const pickShortcut = (s: TShortcut) => {
    setText(s.message);
    setQuickReplies(s.choice_list);
  };
  const open = picker.length > 0;
  const activeOption = open ? Math.min(active, picker.length - 1) : -1;
  const optionId = (i: number) => `${listId}-option-${i}`;
  // While the picker is open the box is its combobox (as GitHub's comment box with its suggestions):
  // the option the arrows are on is read without the focus leaving the box.
  const comboboxProps = open
    ? ({
        role: 'combobox',
        'aria-expanded': true,
        'aria-controls': listId,
        'aria-autocomplete': 'list',
        'aria-activedescendant': optionId(activeOption),
      } as const)
    : {};

  const canWrite = !ended && (mine || internal);
  // An Enter the agent cannot send yet (the chat is not theirs) says why instead of vanishing.
  const [refused, setRefused] = useState(false);
  const hasFiles = attachments.files.length > 0;
  const submit = () => {
    if ((!text.trim() && !hasFiles) || send.isPending || ended) {
      return;
    }
    if (!canWrite) {
      setRefused(true);
      return;
    }
    if (attachments.isUploading()) {
      void message.warning(translateMessage('upload_in_progress'));
      return;
    }
    send.mutate({ body: text, isPublic: !internal, quickReplies, fileIds: attachments.fileIds() });
  };

  return (
    <div style={{ borderTop: '1px solid #f0f0f0', padding: 12, position: 'relative' }}>
      <LiveStatus text={open ? t('chat.shortcut_count', { count: picker.length }) : ''} />
      {open && (
        <Card
          size="small"
          style={{ position: 'absolute', bottom: '100%', left: 12, right: 12, zIndex: 5 }}
          styles={{ body: { padding: 4 } }}
        >
          <PlainList
            id={listId}
            role="listbox"
            aria-label={t('chat.shortcuts')}
            items={picker}
            itemKey={(s) => s.shortcut_id}
            itemProps={(s, i) => ({
              id: optionId(i),
              role: 'option',
              'aria-selected': i === activeOption,
              style: {
                justifyContent: 'flex-start',
                gap: 0,
                cursor: 'pointer',
                padding: '4px 8px',
                background: i === activeOption ? '#e6f4ff' : undefined,
              },
              onMouseDown: (e) => e.preventDefault(),
              onClick: () => pickShortcut(s),
            })}
            renderItem={(s) => (
              <>
                <Typography.Text strong>{s.title}</Typography.Text>
                <Typography.Text type="secondary" ellipsis style={{ marginLeft: 8, maxWidth: 360 }}>
                  {s.message}
                </Typography.Text>
              </>
            )}
          />
        </Card>
      )}
      {quickReplies.length > 0 && (
        <Space wrap style={{ marginBottom: 6 }}>
          <Typography.Text type="secondary">{t('chat.quick_replies')}</Typography.Text>
          {quickReplies.map((q) => (
            <Tag key={q} closable onClose={() => setQuickReplies((list) => list.filter((x) => x !== q))}>
              {q}
            </Tag>
          ))}
        </Space>
      )}
      <Input.TextArea
        ref={inputRef}
        {...comboboxProps}
        value={text}
        onChange={(e) => onType(e.target.value)}
        onKeyDown={(e) => {
          if (!open) {
            return;
          }
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((activeOption + (e.key === 'ArrowDown' ? 1 : picker.length - 1)) % picker.length);
          } else if (e.key === 'Escape') {
            // Closes the picker only: what was typed stays, and the page does not take the Escape.
            e.preventDefault();
            e.stopPropagation();
            setDismissed(true);
          }
        }}
        onPressEnter={(e) => {
          if (e.shiftKey || e.nativeEvent.isComposing) {
            return;
          }
          e.preventDefault();
          const chosen = picker[activeOption];
          if (chosen) {
            pickShortcut(chosen);
          } else {
            submit();
          }
        }}
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={ended ? t('chat.ended') : mine ? t('chat.composer_hint') : t('chat.accept_first')}
        aria-label={t('chat.composer_label')}
        disabled={ended}
      />
      {refused && !canWrite && (
        <Typography.Text type="warning" role="alert" style={{ display: 'block', marginTop: 4 }}>
          {t('chat.accept_first')}
        </Typography.Text>
      )}
      {/* The files to go with the message, on a row of their own under the box (the paper clip is below). */}
      {hasFiles && (
        <Upload fileList={attachments.files} onRemove={(file) => attachments.remove(file.uid)} disabled={ended} />
      )}
      <Flex justify="space-between" align="center" gap={8} style={{ marginTop: 8 }}>
        <Flex align="center" gap={12} wrap style={{ minWidth: 0 }}>
          <Checkbox checked={internal} onChange={(e) => setInternal(e.target.checked)} disabled={ended}>
            {t('chat.internal_note')}
          </Checkbox>
          {!ended && (
            <Upload
              showUploadList={false}
              multiple
              // Called once for each file chosen, with all of them: they are taken together, at the first.
              beforeUpload={(file, chosen) => {
                if (file.uid === chosen[0]?.uid) {
                  void attachments.add(chosen);
                }
                return Upload.LIST_IGNORE;
              }}
            >
              {/* The paper clip alone (named for screen readers and on hover): the column is narrow. */}
              <Button
                size="small"
                type="text"
                icon={<PaperClipOutlined aria-hidden />}
                aria-label={t('ticket.attach')}
                title={t('ticket.attach')}
              />
            </Upload>
          )}
        </Flex>
        <Button
          type="primary"
          onClick={submit}
          loading={send.isPending}
          disabled={!canWrite || (!text.trim() && !hasFiles)}
        >
          {internal ? t('chat.add_note') : t('chat.send')}
        </Button>
      </Flex>
    </div>
  );
}
