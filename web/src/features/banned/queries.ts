import type { TBannedType } from '@parley/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { bannedApi } from '../../api/banned';
import { staffPath } from '../../routes/staffPath';

export const bannedPaths = {
  list: staffPath('/wswt/setting/banned'),
  add: staffPath('/wswt/setting/banned/add'),
};

export const bannedKeys = {
  all: ['banned'] as const,
  list: (query: object) => ['banned', 'list', query] as const,
};

export function useBannedList(query: { kw: string; black_type?: TBannedType; offset: number; limit: number }) {
  return useQuery({
    queryKey: bannedKeys.list(query),
    queryFn: ({ signal }) => bannedApi.list(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
