import type { TTicketPriority, TTicketState } from '@parley/contracts';
import { enumLabel } from '../../../components/enumOptions';
import { LightTag } from '../../../components/LightTag';

const stateColors: Record<TTicketState, string> = {
  new: 'gold',
  open: 'red',
  pending: 'blue',
  solved: 'green',
  closed: 'default',
};

// Light markup (components/LightTag.tsx) and labels without a language subscription of their own
// (enumLabel: the rows, panels and header that show them render again on a language change): two
// per row of a list of 50.
export function TicketStateTag({ state }: { state: TTicketState }) {
  return (
    <LightTag color={stateColors[state]} variant="solid" style={{ marginInlineEnd: 0 }}>
      {enumLabel('ticket_state', state)}
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
  const color = priorityColors[priority];
  const label = enumLabel('ticket_priority', priority);
  return color ? <LightTag color={color}>{label}</LightTag> : <span>{label}</span>;
}
