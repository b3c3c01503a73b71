import type { TTicket, TTicketFields } from '@parley/contracts';
import { changedProps, propsOf, type TTicketProps } from './PropertiesPanel';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A list the agent edited, replayed as their additions and removals on the list as it is now (as the server merges). */
function mergeList<T>(then: readonly T[], mine: readonly T[], now: readonly T[]): T[] {
  const removed = then.filter((v) => !mine.includes(v));
  const added = mine.filter((v) => !then.includes(v) && !now.includes(v));
  return [...now.filter((v) => !removed.includes(v)), ...added];
}

/**
 * The properties form when a newer version of the ticket arrives (another agent's save, or a
 * refused edit's refetch): what the agent did not touch shows the ticket as it is now; what they
 * changed stays where nobody else changed it; where both did, the other agent's value shows
 * (lists merge). After the agent's own save, `next` holds their values, so the form shows `next`.
 */
export function keepEdits(prev: TTicket, next: TTicket, values: Partial<TTicketProps>): TTicketProps {
  const mine = changedProps(prev, values);
  const before = propsOf(prev);
  const out = propsOf(next);
  for (const key of ['group_id', 'assignee_id', 'ticket_type', 'priority', 'form_id'] as const) {
    if (key in mine && same(before[key], out[key])) {
      Object.assign(out, { [key]: mine[key] });
    }
  }
  for (const key of ['tags', 'cc_ids', 'follower_ids'] as const) {
    const edited = mine[key];
    if (edited) {
      Object.assign(out, { [key]: mergeList<string | number>(before[key], edited, out[key]) });
    }
  }
  if (mine.fields) {
    const fields: TTicketFields = { ...out.fields };
    for (const [key, value] of Object.entries(mine.fields)) {
      if (!same(value, before.fields[key]) && same(before.fields[key], out.fields[key])) {
        fields[key] = value;
      }
    }
    out.fields = fields;
  }
  return out;
}
