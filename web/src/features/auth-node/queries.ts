import type { TNodeListRequest, TNodeType, TPkgListRequest } from '@parley/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { authNodeApi } from '../../api/authNode';
import { pickerSilent } from '../../api/types';

export const authNodeKeys = {
  all: ['auth-node'] as const,
  list: (query: TNodeListRequest) => ['auth-node', 'list', query] as const,
  every: ['auth-node', 'every'] as const,
};

export const authPkgKeys = {
  all: ['auth-pkg'] as const,
  list: (query: TPkgListRequest) => ['auth-pkg', 'list', query] as const,
  every: ['auth-pkg', 'every'] as const,
};

export function useAuthNodeList(query: { node_type?: TNodeType; kw: string; offset: number; limit: number }) {
  return useQuery({
    queryKey: authNodeKeys.list(query),
    queryFn: ({ signal }) => authNodeApi.nodeList(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every node, for the package editor's picker. */
export function useAllAuthNodes() {
  return useQuery({
    queryKey: authNodeKeys.every,
    queryFn: ({ signal }) => authNodeApi.allNodes({ signal, silent: pickerSilent }),
  });
}

export function useAuthPkgList(query: { kw: string; offset: number; limit: number }) {
  return useQuery({
    queryKey: authPkgKeys.list(query),
    queryFn: ({ signal }) => authNodeApi.pkgList(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every package, for the role editor's picker. */
export function useAllAuthPkgs() {
  return useQuery({
    queryKey: authPkgKeys.every,
    queryFn: ({ signal }) => authNodeApi.allPkgs({ signal, silent: pickerSilent }),
  });
}
