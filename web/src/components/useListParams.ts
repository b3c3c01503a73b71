import { listPageSizes } from '@parley/contracts';
import type { TablePaginationConfig } from 'antd';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../i18n/useTranslation';

/**
 * A list's page, page size, keyword and filters, kept in the address so that going back,
 * reloading or sharing the link shows the same rows. Changing a filter goes back to page 1.
 */
export function useListParams<F extends string = never>(filterNames: readonly F[] = [], defaultLimit = 20) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const askedLimit = Math.floor(Number(params.get('limit')));
  const limit = listPageSizes.includes(askedLimit) ? askedLimit : defaultLimit;
  const kw = params.get('kw') ?? '';
  const filterKey = filterNames.map((name) => `${name}=${params.get(name) ?? ''}`).join('&');
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for the filter values
  const filters = useMemo(
    () =>
      Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? undefined])) as Record<
        F,
        string | undefined
      >,
    [filterKey],
  );

  const update = useCallback(
    (changes: Record<string, string | number | undefined>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (!('page' in changes)) {
            next.delete('page');
          }
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined || value === '' || (name === 'page' && value === 1)) {
              next.delete(name);
            } else {
              next.set(name, String(value));
            }
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const pagination = useCallback(
    (total: number | undefined): TablePaginationConfig => ({
      current: page,
      pageSize: limit,
      total: total ?? 0,
      pageSizeOptions: [...listPageSizes],
      showSizeChanger: true,
      hideOnSinglePage: false,
      showTotal: (count) => t('common.total', { total: count }),
      onChange: (nextPage, nextSize) =>
        update(
          nextSize === limit
            ? { page: nextPage }
            : { page: 1, limit: nextSize === defaultLimit ? undefined : nextSize },
        ),
    }),
    [page, limit, t, update, defaultLimit],
  );

  return {
    page,
    limit,
    offset: (page - 1) * limit,
    kw,
    filters,
    setKw: (value: string) => update({ kw: value.trim() }),
    setFilter: (name: F, value: string | undefined) => update({ [name]: value }),
    /** The page to show after the last row of this page went away. */
    backOnePage: () => update({ page: Math.max(1, page - 1) }),
    pagination,
  };
}
