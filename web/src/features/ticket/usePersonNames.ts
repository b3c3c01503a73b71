import type { TTicket } from '@parley/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { accountApi } from '../../api/account';
import { companyApi } from '../../api/company';
import { pickerSilent } from '../../api/types';
import { companyKeys } from '../company/queries';
import { useStaffNames } from './useNames';

/** Same key as the requester picker's: one cache entry per account. */
export const accountOptionKey = (accountId: number) => ['account', 'requester-option', accountId] as const;

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
  const fetched = useQueries({
    queries: others.map((id) => ({
      queryKey: accountOptionKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => accountApi.get(id, { signal, silent: pickerSilent }),
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  const byId = new Map(fetched.flatMap((q) => (q.data ? [[q.data.account_id, q.data.real_name || q.data.email]] : [])));
  const requester = ticket.requester.real_name || ticket.requester.email;
  const name = (id: number): string => {
    if (id === ticket.requester_id) {
      return requester;
    }
    return known.has(id) ? (staff.agent(id) ?? `#${id}`) : (byId.get(id) ?? `#${id}`);
  };
  return { name, staff };
}

/** An organization's name where the caller may read it; undefined otherwise. */
export function useCompanyName(companyId: number | null): string | undefined {
  const query = useQuery({
    queryKey: companyKeys.one(companyId ?? 0),
    queryFn: ({ signal }) => companyApi.get(companyId ?? 0, { signal, silent: pickerSilent }),
    enabled: companyId !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
  return query.data?.company_name;
}
