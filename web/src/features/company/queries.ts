import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { companyApi } from '../../api/company';

export const companyPaths = {
  list: '/wswt/setting/company',
  add: '/wswt/setting/company/add',
  edit: '/wswt/setting/company/edit',
  page: (companyId: number) => `/wswt/company/${companyId}`,
};

export const companyKeys = {
  all: ['company'] as const,
  list: (query: object) => ['company', 'list', query] as const,
  one: (companyId: number) => ['company', 'one', companyId] as const,
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
