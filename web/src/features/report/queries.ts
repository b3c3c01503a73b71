import { reportChannels, type TReportChannel, type TReportRequest, type TTimeRange } from '@parley/contracts';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { notifyApiError } from '../../api/instance';
import { reportApi, type TReportName } from '../../api/report';
import { useSession } from '../../auth/SessionContext';

const ranges: readonly TTimeRange[] = ['24h', '7d', '30d', '3m', '6m', '1y'];
const id = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

export interface TReportFilters {
  time_range: TTimeRange;
  group_id?: number | undefined;
  assignee_id?: number | undefined;
  source?: TReportChannel | undefined;
  tag?: string | undefined;
}

/** The filters, kept in the address (a reload or a shared link shows the same report). */
export function useReportFilters() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the parameters
  const filters = useMemo<TReportFilters>(() => {
    const range = params.get('range') as TTimeRange | null;
    const source = params.get('source') as TReportChannel | null;
    return {
      time_range: range && ranges.includes(range) ? range : '7d',
      group_id: id(params.get('group_id')),
      assignee_id: id(params.get('assignee_id')),
      source: source && reportChannels.includes(source) ? source : undefined,
      tag: params.get('tag') || undefined,
    };
  }, [key]);
  const set = useCallback(
    (changes: Partial<Record<'range' | 'group_id' | 'assignee_id' | 'source' | 'tag', string | number | undefined>>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined || value === '') {
              next.delete(name);
            } else {
              next.set(name, String(value));
            }
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filters, set, ranges };
}

/** One report for the filters, in the viewer's time zone; refreshed every 30 s and on focus. */
type TReportData = { [K in TReportName]: Awaited<ReturnType<(typeof reportApi)[K]>> };

/** The filters by id: the server refuses an id that names nothing (FFFF on that field). */
const idFilters = ['group_id', 'assignee_id'] as const;

export function useReport<N extends TReportName>(name: N, filters: TReportFilters): UseQueryResult<TReportData[N]> {
  const { timezone } = useSession();
  const { set } = useReportFilters();
  const query: TReportRequest = { ...filters, ...(timezone ? { timezone } : {}) };
  return useQuery<TReportData[N]>({
    queryKey: ['report', name, query],
    queryFn: async ({ signal }) => {
      const read = (q: TReportRequest) => reportApi[name](q, { signal, silent: ['FFFF'] }) as Promise<TReportData[N]>;
      try {
        return await read(query);
      } catch (error) {
        // A link with a group or agent that no longer exists (deleted, another help desk's id):
        // the filter is dropped from the address and the report read without it, as an unknown
        // range falls back to the default, instead of an error page, a toast and "99999".
        const stale = isApiError(error) ? idFilters.filter((f) => query[f] !== undefined && f in error.fields) : [];
        if (stale.length === 0) {
          if (isApiError(error) && error.code === 'FFFF') {
            notifyApiError(error.message);
          }
          throw error;
        }
        set(Object.fromEntries(stale.map((f) => [f, undefined])));
        const rest = { ...query };
        for (const f of stale) {
          delete rest[f];
        }
        return read(rest);
      }
    },
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}
