import type { TTicketPriority, TTicketState } from '@parley/contracts';
import { useEnum } from '../../../components/enumOptions';
import { LightTag } from '../../../components/LightTag';

const stateColors: Record<TTicketState, string> = {
  new: 'gold',
  open: 'red',
  pending: 'blue',
  solved: 'green',
  closed: 'default',
};

// Light markup (components/LightTag.tsx): two per row of a list of 50.
export function TicketStateTag({ state }: { state: TTicketState }) {
  const { label } = useEnum('ticket_state');
  return (
    <LightTag color={stateColors[state]} variant="solid" style={{ marginInlineEnd: 0 }}>
      {label(state)}
    </LightTag>
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
  return color ? <LightTag color={color}>{label(priority)}</LightTag> : <span>{label(priority)}</span>;
}
