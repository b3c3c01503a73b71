import { type TTicketSort, ZTicketSort } from '@parley/contracts';

/** A sort from the address, if it is one of the contracts' sorts. */
export function parseSort(value: string | undefined): TTicketSort | undefined {
  const parsed = ZTicketSort.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
