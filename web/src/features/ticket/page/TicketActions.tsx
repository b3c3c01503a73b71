import { DeleteOutlined, EllipsisOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons';
import type { TTicket } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, type MenuProps, Space } from 'antd';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { ticketApi } from '../../../api/ticket';
import { useConfirm } from '../../../components/useConfirm';
import { useSave } from '../../../components/useSave';
import { useTranslation } from '../../../i18n/useTranslation';
import { lastTicketList, requestCloseTab } from '../../../layout/tabs';
import { ticketKeys, ticketPaths } from '../shared/queries';

/**
 * Delete (or restore a deleted ticket) and mark as spam. A deleted ticket stays on screen with
 * its restore button; spam closes the ticket and goes back to the list, since every ticket of
 * the requester is gone from it.
 */
export function TicketActions({ ticket }: { ticket: TTicket }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { confirm, confirmDelete } = useConfirm();
  const id = ticket.ticket_id;
  const refresh = [ticketKeys.one(id), ticketKeys.events(id), ticketKeys.lists, ticketKeys.views] as const;

  const remove = useSave({
    call: (_: null, opts) => ticketApi.delete([id], opts),
    invalidate: refresh,
    successKey: 'deleted',
  });
  const restore = useSave({
    call: (_: null, opts) => ticketApi.restore([id], opts),
    invalidate: refresh,
    successKey: 'restored',
  });
  const spam = useSave({
    call: (_: null, opts) => ticketApi.spam(id, opts),
    successKey: 'marked_spam',
    onSaved: () => {
      // The list and counts changed for every ticket of the requester.
      void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
      requestCloseTab(ticketPaths.edit(id));
      void navigate(lastTicketList.get());
    },
  });

  const requester = ticket.requester.real_name || ticket.requester.email;
  const may = ticket.abilities;
  const moreButton = useRef<HTMLButtonElement>(null);
  const restoreButton = useRef<HTMLButtonElement>(null);

  const items: MenuProps['items'] = [
    ...(may.delete ? [{ key: 'delete', icon: <DeleteOutlined aria-hidden />, label: t('common.delete') }] : []),
    ...(may.spam ? [{ key: 'spam', icon: <StopOutlined aria-hidden />, label: t('ticket.mark_spam') }] : []),
  ];
  // The menu item that opened a dialog is gone when it closes: focus goes back to the "more"
  // button, or to Restore once the ticket is deleted.
  const refocus = () => (moreButton.current ?? restoreButton.current)?.focus();
  const onMenu: MenuProps['onClick'] = ({ key, domEvent }) => {
    // Enter on the item opens the dialog while the key is still down: not prevented, the same
    // key press would go on to "click" the dialog's focused Cancel and close it at once.
    domEvent.preventDefault();
    if (key === 'delete') {
      confirmDelete(() => remove.saveAsync(null), undefined, refocus);
    } else if (key === 'spam') {
      confirm({
        title: t('ticket.spam_title'),
        content: t('ticket.spam_text', { name: requester }),
        okText: t('ticket.mark_spam'),
        danger: true,
        onOk: () => spam.saveAsync(null),
        afterClose: refocus,
      });
    }
  };

  return (
    <Space wrap>
      {may.restore && (
        <Button ref={restoreButton} icon={<UndoOutlined aria-hidden />} onClick={() => void restore.saveAsync(null)}>
          {t('ticket.restore')}
        </Button>
      )}
      {/* Rare and destructive: out of the way in a menu, confirmed before they happen. */}
      {items.length > 0 && (
        <Dropdown trigger={['click']} menu={{ items, onClick: onMenu }}>
          <Button ref={moreButton} icon={<EllipsisOutlined aria-hidden />} aria-label={t('ticket.more_actions')} />
        </Dropdown>
      )}
    </Space>
  );
}
