import type { TTicketPriority, TTicketState } from '@parley/contracts';
import { enumLabel } from '../../../components/enumOptions';
import { lightTag } from '../../../components/LightTag';

const stateColors: Record<TTicketState, string> = {
  new: 'gold',
  open: 'red',
  pending: 'blue',
  solved: 'green',
  closed: 'default',
};

// Light markup (components/LightTag.tsx) and labels without a language subscription of their own
// (enumLabel: the rows, panels and header that show them render again on a language change): two
// per row of a list of 50. The lists' cells take the markup (`ticketStateTag`, `priorityText`)
// without a component per tag.
const stateTagStyle = { marginInlineEnd: 0 };

export function ticketStateTag(state: TTicketState) {
  return lightTag({
    color: stateColors[state],
    variant: 'solid',
    style: stateTagStyle,
    children: enumLabel('ticket_state', state),
  });
}

export function TicketStateTag({ state }: { state: TTicketState }) {
  return ticketStateTag(state);
}

const priorityColors: Record<TTicketPriority, string | undefined> = {
  low: undefined,
  normal: undefined,
  high: 'orange',
  urgent: 'red',
};

export function priorityText(priority: TTicketPriority) {
  const color = priorityColors[priority];
  const label = enumLabel('ticket_priority', priority);
  return color ? lightTag({ color, children: label }) : <span>{label}</span>;
}
