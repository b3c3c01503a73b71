import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { shortcutApi } from '../../api/shortcut';

export const shortcutPaths = {
  list: '/wswt/setting/shortcut',
  add: '/wswt/setting/shortcut/add',
  edit: '/wswt/setting/shortcut/edit',
};

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
