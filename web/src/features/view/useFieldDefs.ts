import { fieldOps } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';
import { pickerSilent } from '../../api/types';

/** The custom ticket fields (every agent reads them), for the views editor and the list's field columns. */
export function useFieldDefs() {
  return useQuery({
    queryKey: ['ticket-field', 'all'],
    queryFn: ({ signal }) => call(fieldOps.allList, {}, { signal, silent: pickerSilent }),
    staleTime: 60_000,
  });
}
