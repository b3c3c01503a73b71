import { type TTicketField, ZFieldAllListResponse } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/instance';
import { pickerSilent } from '../../api/types';

/** The custom ticket fields (every agent reads them), for the views editor and the list's field columns. */
export function useFieldDefs() {
  return useQuery({
    queryKey: ['ticket-field', 'all'],
    queryFn: ({ signal }): Promise<{ list: TTicketField[] }> =>
      api.get('/admin/settings/field.all.list', {}, { signal, silent: pickerSilent, schema: ZFieldAllListResponse }),
    staleTime: 60_000,
  });
}
