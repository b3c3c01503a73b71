import { CheckSquareOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { LinkButton } from '../../components/LinkButton';
import { TodoPanel } from './TodoPanel';
import { useTodos } from './useTodos';

/** The shell's todo button: how many items are open, and the list in a popover on any screen. */
export function TodoButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const todos = useTodos(false);
  const onTicket = useMatch('/wswt/ticket/edit/:ticket_id');
  const ticketId = onTicket ? Number(onTicket.params.ticket_id) : null;
  const count = todos.data?.open_count ?? 0;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      destroyOnHidden
      title={
        <Flex justify="space-between" align="center">
          <Typography.Text strong>{t('route.setting_todo')}</Typography.Text>
          <LinkButton to="/wswt/setting/todo" type="link" size="small" onClickCapture={() => setOpen(false)}>
            {t('todo.open_page')}
          </LinkButton>
        </Flex>
      }
      content={
        <div style={{ width: 340, maxHeight: 420, overflow: 'auto' }}>
          <TodoPanel ticketId={Number.isInteger(ticketId) ? ticketId : null} />
        </div>
      }
    >
      <Badge count={count} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<CheckSquareOutlined />} aria-label={t('todo.button', { count })} />
      </Badge>
    </Popover>
  );
}
