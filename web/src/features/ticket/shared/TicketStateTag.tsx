import type { TTicketPriority, TTicketState } from '@parley/contracts';
import { Tag } from 'antd';
import { useEnum } from '../../../components/enumOptions';

const stateColors: Record<TTicketState, string> = {
  new: 'gold',
  open: 'red',
  pending: 'blue',
  solved: 'green',
  closed: 'default',
};

export function TicketStateTag({ state }: { state: TTicketState }) {
  const { label } = useEnum('ticket_state');
  return (
    <Tag color={stateColors[state]} variant="solid" style={{ marginInlineEnd: 0 }}>
      {label(state)}
    </Tag>
  );
}

const priorityColors: Record<TTicketPriority, string | undefined> = {
  low: undefined,
  normal: undefined,
  high: 'orange',
  urgent: 'red',
};

export function PriorityText({ priority }: { priority: TTicketPriority }) {
  const { label } = useEnum('ticket_priority');
  const color = priorityColors[priority];
  return color ? <Tag color={color}>{label(priority)}</Tag> : <span>{label(priority)}</span>;
}
