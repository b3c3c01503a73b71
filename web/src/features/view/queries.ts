import { useQuery } from '@tanstack/react-query';
import { viewApi } from '../../api/view';
import { settingPaths } from '../../routes/staffPath';

export const viewPaths = settingPaths('view');

export const viewKeys = {
  all: ['view'] as const,
  list: ['view', 'list'] as const,
  one: (viewId: number) => ['view', 'one', viewId] as const,
};

export function useViewList() {
  return useQuery({ queryKey: viewKeys.list, queryFn: ({ signal }) => viewApi.allList({ signal }) });
}

export function useView(viewId: number) {
  return useQuery({ queryKey: viewKeys.one(viewId), queryFn: ({ signal }) => viewApi.get(viewId, { signal }) });
}
