import { queryOptions, useQuery } from '@tanstack/react-query';
import { slaApi } from '../../api/rule';
import { pickerSilent } from '../../api/types';
import { settingPaths } from '../../routes/staffPath';

export const slaPaths = settingPaths('sla');

export const slaKeys = { policies: ['sla', 'policy'] as const, ticket: (id: number) => ['sla', 'ticket', id] as const };

export function useSlaPolicies() {
  return useQuery({ queryKey: slaKeys.policies, queryFn: ({ signal }) => slaApi.list({ signal }) });
}

/**
 * A ticket's next SLA target. A save of the ticket may move it: read again after each (the key
 * holds the ticket's version). A policy save moves it without changing the ticket (a job, within
 * seconds): the page reads it again as it stays open (`TicketSla`), and an opening of the page
 * reads it again unless it was read in the last 5 s (the page's first pass asks for it before the
 * panel that shows it mounts).
 */
export const ticketSlaQuery = (ticketId: number, updateTs: number) =>
  queryOptions({
    queryKey: [...slaKeys.ticket(ticketId), updateTs],
    queryFn: ({ signal }) => slaApi.ticket(ticketId, { signal, silent: pickerSilent }),
    staleTime: 5_000,
  });
