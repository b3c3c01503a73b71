import { DeleteOutlined, DownOutlined } from '@ant-design/icons';
import { enums, type TSubmitAs, type TTicketPriority } from '@parley/contracts';
import { Button, Dropdown, Flex, Select, Typography } from 'antd';
import { useRef } from 'react';
import { ticketApi } from '../../../api/ticket';
import { useSession } from '../../../auth/SessionContext';
import { Can } from '../../../components/Can';
import { useEnum } from '../../../components/enumOptions';
import { useConfirm } from '../../../components/useConfirm';
import { useSave } from '../../../components/useSave';
import { useTranslation } from '../../../i18n/useTranslation';
import { ticketKeys } from '../shared/queries';
import { useStaffNames } from '../shared/useNames';

/**
 * What can be done to the selected tickets: assign, set their group or priority, change state, delete. Loaded with the first
 * selection (its Select is not in the list's first load).
 */
export function BulkBar({
  selected,
  onDone,
  onClear,
  allOnPage,
}: {
  selected: number[];
  /** After a change; `deletedAll` when the page's every ticket was deleted. */
  onDone: (deletedAll: boolean) => void;
  onClear: () => void;
  /** How many tickets the page shows. */
  allOnPage: number;
}) {
  const { t } = useTranslation();
  const names = useStaffNames();
  // The states by name ("Solved"), not as the composer's submit button says them ("Submit as Solved").
  const stateLabel = useEnum('ticket_state').label;
  const priorityLabel = useEnum('ticket_priority').label;
  const { confirmDelete } = useConfirm();
  const { user } = useSession();
  // As the server decides (ticket.policy.ts): admins, and agents allowed to close tickets.
  const mayClose = user?.user_type === 'admin' || user?.can_close_ticket === true;
  const bar = useRef<HTMLElement>(null);
  // The bar goes once the change is made, and the focus (on its select or menu) with it to the
  // page: it goes to the list instead, on the first changed ticket's box (the first row's, or
  // "select all", when that ticket has left the page); on a phone's cards, which have no boxes, on
  // that ticket's card (or the first card).
  const finish = (deletedAll: boolean) => {
    const list = bar.current?.parentElement;
    const first = selected[0];
    onDone(deletedAll);
    setTimeout(() => {
      const box =
        list?.querySelector<HTMLElement>(`tr[data-row-key="${first}"] input[type="checkbox"]`) ??
        list?.querySelector<HTMLElement>('input[type="checkbox"]') ??
        list?.querySelector<HTMLElement>(`a.ticket-card[data-row-key="${first}"]`) ??
        list?.querySelector<HTMLElement>('a.ticket-card');
      box?.focus();
    }, 0);
  };
  const bulkEdit = useSave({
    call: (
      body: {
        assignee_id?: number | null;
        group_id?: number | null;
        priority?: TTicketPriority;
        submit_as?: TSubmitAs;
      },
      opts,
    ) => ticketApi.bulkEdit({ ticket_ids: selected, ...body }, opts),
    invalidate: [ticketKeys.all],
    onSaved: () => finish(false),
  });
  const remove = useSave({
    call: (ids: number[], opts) => ticketApi.delete(ids, opts),
    invalidate: [ticketKeys.all],
    successKey: 'deleted',
    onSaved: (_, ids) => finish(ids.length === allOnPage),
  });

  return (
    <Flex ref={bar} gap={8} align="center" wrap className="ticket-bulk-bar">
      <Typography.Text strong>{t('ticket.selected', { count: selected.length })}</Typography.Text>
      <Can btn="ticket.edit">
        <Select<number | 'none'>
          aria-label={t('ticket.bulk_assign')}
          placeholder={t('ticket.bulk_assign')}
          style={{ minWidth: 180 }}
          value={null}
          showSearch={{ optionFilterProp: 'label' }}
          options={[{ value: 'none', label: t('ticket.unassigned') }, ...names.agentOptions]}
          onChange={(value) => bulkEdit.save({ assignee_id: value === 'none' ? null : value })}
          disabled={bulkEdit.saving}
        />
        <Select<number | 'none'>
          aria-label={t('ticket.bulk_group')}
          placeholder={t('ticket.bulk_group')}
          style={{ minWidth: 160 }}
          value={null}
          showSearch={{ optionFilterProp: 'label' }}
          options={[{ value: 'none', label: t('ticket.no_group') }, ...names.groupOptions]}
          onChange={(value) => bulkEdit.save({ group_id: value === 'none' ? null : value })}
          disabled={bulkEdit.saving}
        />
        <Dropdown
          trigger={['click']}
          menu={{
            items: enums.ticket_priority.values.map((value) => ({ key: value, label: priorityLabel(value) })),
            onClick: ({ key }) => bulkEdit.save({ priority: key as TTicketPriority }),
          }}
          disabled={bulkEdit.saving}
        >
          <Button>
            {t('ticket.bulk_priority')} <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
        {/* On click, not hover: Enter or Space on the button opens it for a keyboard user too. */}
        <Dropdown
          trigger={['click']}
          menu={{
            items: enums.submit_as.values
              .filter((value) => value !== 'closed' || mayClose)
              .map((value) => ({ key: value, label: stateLabel(value) })),
            onClick: ({ key }) => bulkEdit.save({ submit_as: key as TSubmitAs }),
          }}
          disabled={bulkEdit.saving}
        >
          <Button>
            {t('ticket.bulk_state')} <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
      </Can>
      <Can btn="ticket.delete">
        <Button
          danger
          icon={<DeleteOutlined aria-hidden />}
          onClick={() =>
            confirmDelete(() => remove.saveAsync([...selected]), t('ticket.selected', { count: selected.length }))
          }
        >
          {t('common.delete')}
        </Button>
      </Can>
      <Button type="link" onClick={onClear}>
        {t('ticket.clear_selection')}
      </Button>
    </Flex>
  );
}
