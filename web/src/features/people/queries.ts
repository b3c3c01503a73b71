import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { accountApi, type TAccountListQuery } from '../../api/account';
import { pickerSilent } from '../../api/types';

export const peoplePaths = {
  list: '/wswt/setting/people',
  account: (accountId: number) => `/wswt/account/${accountId}`,
};

export const accountKeys = {
  all: ['account'] as const,
  list: (query: TAccountListQuery) => ['account', 'list', query] as const,
  one: (accountId: number) => ['account', 'one', accountId] as const,
  visits: (accountId: number) => ['account', 'visits', accountId] as const,
  tickets: (accountId: number) => ['account', 'tickets', accountId] as const,
  agents: ['account', 'agents'] as const,
};

export function useAccountList(query: TAccountListQuery) {
  return useQuery({
    queryKey: accountKeys.list(query),
    queryFn: ({ signal }) => accountApi.list(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAccount(accountId: number) {
  return useQuery({
    queryKey: accountKeys.one(accountId),
    queryFn: ({ signal }) => accountApi.get(accountId, { signal }),
  });
}

/** Agents and administrators, for the member pickers of groups and roles. */
export function useAgents() {
  return useQuery({
    queryKey: accountKeys.agents,
    queryFn: ({ signal }) => accountApi.agents(true, { signal, silent: pickerSilent }),
    select: (data) => data.list,
  });
}
