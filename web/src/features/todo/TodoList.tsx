import { DeleteOutlined } from '@ant-design/icons';
import type { TTodo } from '@parley/contracts';
import { Button, Checkbox, Empty, Flex, Form, Input, type InputRef, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useFormatTime } from '../../components/useFormatTime';
import { useTranslation } from '../../i18n/useTranslation';
import { useTodoActions } from './useTodos';

/**
 * The add line: what to do, and (on a ticket page) whether it is about that ticket. `autoFocus`:
 * the box takes the focus when it appears (the shell's popover, opened from its button).
 */
export function TodoAdd({ ticketId, autoFocus = false }: { ticketId: number | null; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const { add } = useTodoActions();
  const [form] = Form.useForm<{ text: string }>();
  const [aboutTicket, setAboutTicket] = useState(true);
  const box = useRef<InputRef>(null);
  return (
    // Not disabled while adding: a disabled box drops the keyboard's focus to the page, and the
    // next item would be typed nowhere. The button shows it is busy; a second Enter meanwhile is ignored.
    <Form
      form={form}
      layout="vertical"
      onFinish={({ text }) => {
        if (add.isPending) {
          return;
        }
        add.mutate(
          { text, ticket_id: ticketId !== null && aboutTicket ? ticketId : null },
          {
            onSuccess: () => {
              // Emptied, not reset: a reset leaves the input showing the text it last had.
              form.setFieldsValue({ text: '' });
              box.current?.focus();
            },
          },
        );
      }}
    >
      <Flex gap={8} align="start">
        <Form.Item
          name="text"
          style={{ flex: 1, marginBottom: 8 }}
          rules={[{ required: true, whitespace: true, message: t('todo.text_required') }]}
        >
          <Input
            ref={box}
            autoFocus={autoFocus}
            placeholder={t('todo.add_placeholder')}
            maxLength={500}
            aria-label={t('todo.add_placeholder')}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          {t('todo.add')}
        </Button>
      </Flex>
      {ticketId !== null && (
        <Checkbox checked={aboutTicket} onChange={(e) => setAboutTicket(e.target.checked)} style={{ marginBottom: 8 }}>
          {t('todo.about_ticket', { id: ticketId })}
        </Checkbox>
      )}
    </Form>
  );
}

/** The items, open ones first; tick to finish, the bin to delete. */
export function TodoItems({ items, loading }: { items: TTodo[]; loading?: boolean }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const { edit, remove } = useTodoActions();
  if (!loading && items.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('todo.empty')} />;
  }
  return (
    <Flex vertical role="list" aria-busy={loading}>
      {items.map((item) => (
        <Flex
          key={item.todo_id}
          role="listitem"
          align="start"
          gap={10}
          style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}
        >
          <Checkbox
            checked={item.done}
            aria-label={item.text}
            onChange={(e) => edit.mutate({ todo_id: item.todo_id, done: e.target.checked })}
            style={{ marginTop: 2 }}
          />
          <Flex vertical style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text
              delete={item.done}
              type={item.done ? 'secondary' : undefined}
              style={{ wordBreak: 'break-word' }}
            >
              {item.text}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {item.ticket_id !== null && (
                <>
                  <Link to={`/wswt/ticket/edit/${item.ticket_id}`}>
                    #{item.ticket_id}
                    {item.ticket_subject ? ` ${item.ticket_subject}` : ''}
                  </Link>
                  {' · '}
                </>
              )}
              {formatTime(item.done_ts ?? item.create_ts)}
            </Typography.Text>
          </Flex>
          <Tooltip title={t('common.delete')}>
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined aria-hidden />}
              aria-label={`${t('common.delete')}: ${item.text}`}
              onClick={() => remove.mutate(item.todo_id)}
            />
          </Tooltip>
        </Flex>
      ))}
    </Flex>
  );
}
