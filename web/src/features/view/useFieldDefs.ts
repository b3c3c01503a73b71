import { fieldOps } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';
import { pickerSilent } from '../../api/types';

/**
 * The custom ticket fields (every agent reads them), for the views editor and the list's field
 * columns. The same key as the ticket page's `fieldListQuery` (ticket-field/queries, which this
 * one does not import: it would bring the field settings' texts into the list's first load), so
 * that the list's answer serves the ticket page.
 */
export function useFieldDefs() {
  return useQuery({
    queryKey: ['ticket-field', 'list'],
    queryFn: ({ signal }) => call(fieldOps.allList, {}, { signal, silent: pickerSilent }),
    staleTime: 60_000,
  });
}
