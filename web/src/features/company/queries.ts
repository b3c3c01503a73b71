import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { companyApi } from '../../api/company';
import { pickerSilent } from '../../api/types';
import { companyKeys } from '../../pickers/companyKeys';
import { settingPaths, staffPath } from '../../routes/staffPath';

export { companyKeys };

const pageRoute = '/wswt/company/:company_id' as const;

export const companyPaths = {
  ...settingPaths('company'),
  /** The organization page's route (its menu node). */
  pageRoute,
  page: (companyId: number) => staffPath(pageRoute, { company_id: companyId }),
};

export function useCompanyList(query: { kw: string; offset: number; limit: number }) {
  return useQuery({
    queryKey: companyKeys.list(query),
    queryFn: ({ signal }) => companyApi.list(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCompany(companyId: number | null) {
  return useQuery({
    queryKey: companyKeys.one(companyId ?? 0),
    queryFn: ({ signal }) => companyApi.get(companyId ?? 0, { signal }),
    enabled: companyId !== null,
  });
}

/** An organization's name where the caller may read it; undefined otherwise. */
export function useCompanyName(companyId: number | null): string | undefined {
  const query = useQuery({
    queryKey: companyKeys.option(companyId ?? 0),
    queryFn: ({ signal }) => companyApi.get(companyId ?? 0, { signal, silent: pickerSilent }),
    enabled: companyId !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
  return query.data?.company_name;
}
