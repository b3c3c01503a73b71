import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { companyApi } from '../../../api/company';
import { pickerSilent } from '../../../api/types';
import { companyKeys } from '../../../pickers/companyKeys';

/**
 * Organizations' names of the tickets on screen, by id (rows carry the id only); an organization
 * the caller may not read stays `#id`. Shares the cache of the organization picker.
 */
export function useCompanyNames(companyIds: readonly (number | null)[], enabled: boolean) {
  const ids = useMemo(
    () => [...new Set(companyIds.filter((id): id is number => id !== null))].sort((a, b) => a - b),
    [companyIds],
  );
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: companyKeys.option(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => companyApi.get(id, { signal, silent: pickerSilent }),
      enabled,
      staleTime: 5 * 60_000,
    })),
  });
  const names = new Map<number, string>();
  for (const result of results) {
    if (result.data) {
      names.set(result.data.company_id, result.data.company_name);
    }
  }
  return (id: number | null) => (id === null ? null : (names.get(id) ?? `#${id}`));
}
