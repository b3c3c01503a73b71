import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tagApi } from '../../api/tag';
import { settingPaths } from '../../routes/staffPath';

export const tagPaths = settingPaths('tag');

export const tagKeys = {
  all: ['tag'] as const,
  list: (query: object) => ['tag', 'list', query] as const,
  one: (tagName: string) => ['tag', 'one', tagName] as const,
};

export function useTagList(query: { kw: string; offset: number; limit: number }) {
  return useQuery({
    queryKey: tagKeys.list(query),
    queryFn: ({ signal }) => tagApi.list(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** What the list hands the edit screen (tags have names, not ids). */
export const tagState = (tagName: string) => ({ tag_name: tagName });
export function tagOfState(state: unknown): string | null {
  const name =
    state && typeof state === 'object' && 'tag_name' in state ? (state as { tag_name: unknown }).tag_name : null;
  return typeof name === 'string' && name !== '' ? name : null;
}
