import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { allPages } from '../../api/allPages';
import { groupApi } from '../../api/group';
import { pickerSilent } from '../../api/types';
import { staffPath } from '../../routes/staffPath';

export const groupPaths = {
  list: `${staffPath('/wswt/setting/people')}?tab=groups`,
  add: staffPath('/wswt/setting/group/add'),
  edit: staffPath('/wswt/setting/group/edit'),
};

export const groupKeys = {
  all: ['group'] as const,
  list: (query: object) => ['group', 'list', query] as const,
  every: ['group', 'every'] as const,
  one: (groupId: number) => ['group', 'one', groupId] as const,
};

export function useGroupList(query: { kw: string; offset: number; limit: number }) {
  return useQuery({
    queryKey: groupKeys.list(query),
    queryFn: ({ signal }) => groupApi.list(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every group, for pickers. */
export function useAllGroups(enabled = true) {
  return useQuery({
    queryKey: groupKeys.every,
    queryFn: ({ signal }) =>
      allPages((offset, limit) => groupApi.list({ offset, limit }, { signal, silent: pickerSilent })),
    enabled,
  });
}

export function useGroup(groupId: number) {
  return useQuery({ queryKey: groupKeys.one(groupId), queryFn: ({ signal }) => groupApi.get(groupId, { signal }) });
}
