import type { TRoleState } from '@parley/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { allPages } from '../../api/allPages';
import { roleApi } from '../../api/role';
import { pickerSilent } from '../../api/types';
import { settingPaths } from '../../routes/staffPath';

export const rolePaths = settingPaths('role');

export const roleKeys = {
  all: ['role'] as const,
  list: (query: object) => ['role', 'list', query] as const,
  every: ['role', 'every'] as const,
  one: (roleId: number) => ['role', 'one', roleId] as const,
};

export function useRoleList(query: { kw: string; role_state: TRoleState; offset: number; limit: number }) {
  return useQuery({
    queryKey: roleKeys.list(query),
    queryFn: ({ signal }) => roleApi.list({ ...query, need_account: true }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The account form's roles: every active one, then the inactive ones (an account may still hold
 * one; it is shown by name, marked, and cannot be picked anew).
 */
export function useRoleChoices(enabled = true) {
  return useQuery({
    queryKey: roleKeys.every,
    queryFn: async ({ signal }) => {
      const pages = (role_state: TRoleState) =>
        allPages((offset, limit) => roleApi.list({ role_state, offset, limit }, { signal, silent: pickerSilent }));
      const [active, inactive] = await Promise.all([pages('active'), pages('inactive')]);
      return { active, inactive };
    },
    enabled,
  });
}

export function useRole(roleId: number) {
  return useQuery({ queryKey: roleKeys.one(roleId), queryFn: ({ signal }) => roleApi.get(roleId, { signal }) });
}
