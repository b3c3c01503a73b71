import { useQuery } from '@tanstack/react-query';
import { fieldListQuery } from '../ticket-field/fieldList';

/**
 * The custom ticket fields (every agent reads them), for the views editor and the list's field
 * columns: the ticket page's query (same cache entry), quiet for a caller who may not list them.
 */
export function useFieldDefs() {
  return useQuery({ ...fieldListQuery(true), staleTime: 60_000 });
}
