import type { TTicket } from '@parley/contracts';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { accountNameQuery } from '../../../pickers/accountQueries';
import { useStaffNames } from './useNames';

/**
 * Names of the people a ticket mentions (CCs, actors of its history): agents from the agents'
 * list, the requester from the ticket, anyone else from `auth.account.get` where the caller may
 * read it (else `#id`).
 */
export function usePersonNames(ticket: TTicket, ids: readonly number[]) {
  const staff = useStaffNames();
  const known = useMemo(() => new Set(staff.agentOptions.map((o) => o.value)), [staff.agentOptions]);
  const others = staff.loading
    ? []
    : [...new Set(ids)].filter((id) => id !== ticket.requester_id && !known.has(id)).sort((a, b) => a - b);
  const fetched = useQueries({ queries: others.map(accountNameQuery) });
  const byId = new Map(others.flatMap((id, i) => (fetched[i]?.data ? [[id, fetched[i].data]] : [])));
  const requester = ticket.requester.real_name || ticket.requester.email;
  const name = (id: number): string => {
    if (id === ticket.requester_id) {
      return requester;
    }
    return known.has(id) ? (staff.agent(id) ?? `#${id}`) : (byId.get(id) ?? `#${id}`);
  };
  return { name, staff };
}
