import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { shortcutApi } from '../../api/shortcut';
import { settingPaths } from '../../routes/staffPath';

export const shortcutPaths = settingPaths('shortcut');

export const shortcutKeys = {
  all: ['shortcut'] as const,
  list: (query: object) => ['shortcut', 'list', query] as const,
  one: (shortcutId: number) => ['shortcut', 'one', shortcutId] as const,
};

export function useShortcutList(query: { kw: string; offset: number; limit: number }) {
  return useQuery({
    queryKey: shortcutKeys.list(query),
    queryFn: ({ signal }) => shortcutApi.list(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useShortcut(shortcutId: number) {
  return useQuery({
    queryKey: shortcutKeys.one(shortcutId),
    queryFn: ({ signal }) => shortcutApi.get(shortcutId, { signal }),
  });
}
