import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { accountApi, type TAccountListQuery } from '../api/account';
import { pickerSilent } from '../api/types';

export const accountKeys = {
  all: ['account'] as const,
  list: (query: TAccountListQuery) => ['account', 'list', query] as const,
  one: (accountId: number) => ['account', 'one', accountId] as const,
  visits: (accountId: number) => ['account', 'visits', accountId] as const,
  tickets: (accountId: number) => ['account', 'tickets', accountId] as const,
  agents: ['account', 'agents'] as const,
  /** The agents with the suspended ones (under `agents`: what refreshes those refreshes these). */
  agentsWithSuspended: ['account', 'agents', 'with_suspended'] as const,
  /** The account pickers' search (requester, CCs): one cache entry per search, whichever picker asks. */
  search: (kw: string) => ['account', 'search', kw] as const,
  /** One account read quietly for its name (pickers, people of a ticket): one cache entry per account. */
  option: (accountId: number) => ['account', 'option', accountId] as const,
};

/** An account as the pickers show it: `Name <email>`, or the email alone. */
export function accountLabel(account: { real_name: string; email: string }): string {
  return account.real_name ? `${account.real_name} <${account.email}>` : account.email;
}

/** The name an account goes by: its real name, else its email. */
export function accountName(account: { real_name: string; email: string }): string {
  return account.real_name || account.email;
}

/**
 * One account read quietly for its name (`accountName`): a refusal (no longer there, not the
 * caller's to read) leaves it unnamed without a toast. One cache entry per account, whoever asks.
 */
export function accountNameQuery(accountId: number) {
  return queryOptions({
    queryKey: accountKeys.option(accountId),
    queryFn: ({ signal }) => accountApi.get(accountId, { signal, silent: pickerSilent }),
    select: accountName,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The name of the account `accountId` (undefined until known, or when it cannot be read). */
export function useAccountName(accountId: number | null | undefined, { enabled = true } = {}): string | undefined {
  const valid = typeof accountId === 'number' && Number.isInteger(accountId) && accountId > 0;
  return useQuery({ ...accountNameQuery(valid ? accountId : 0), enabled: enabled && valid }).data;
}

/** Accounts found by email or name for the pickers; nothing is asked while `kw` is empty. */
export function useAccountSearch(kw: string) {
  return useQuery({
    queryKey: accountKeys.search(kw),
    queryFn: ({ signal }) => accountApi.list({ kw, offset: 0, limit: 20 }, { signal, silent: pickerSilent }),
    enabled: kw !== '',
  });
}

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

/**
 * Agents and administrators, suspended ones too (`access_state` says which), for filters over
 * past work: the reports' rows name them, so their filter offers them. Not for assigning.
 */
export function useAgentsWithSuspended() {
  return useQuery({
    queryKey: accountKeys.agentsWithSuspended,
    queryFn: ({ signal }) => accountApi.agents(true, { signal, silent: pickerSilent }, true),
    select: (data) => data.list,
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
