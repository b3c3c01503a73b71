import { fieldOps } from '@parley/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/call';
import { pickerSilent } from '../../api/types';

// Apart from queries.ts, which brings the field settings' texts, and calling the operation itself
// rather than fieldApi (the fields' and forms' whole settings API: 2 kB more in the list's chunk):
// the ticket list's field columns read the list too, and its first load carries neither.

export const fieldKeys = {
  all: ['ticket-field'] as const,
  list: ['ticket-field', 'list'] as const,
  one: (fieldId: number) => ['ticket-field', 'one', fieldId] as const,
};

/**
 * Every field in its order (settings, the ticket page, the forms editor, the list's field columns,
 * the views and rules editors): one cache entry for all of them.
 * `forPicker`: on the ticket pages a caller without the list (or an older server) gets no fields,
 * not an error page.
 */
export function fieldListQuery(forPicker = false) {
  return queryOptions({
    queryKey: fieldKeys.list,
    queryFn: ({ signal }) => call(fieldOps.allList, {}, { signal, ...(forPicker ? { silent: pickerSilent } : {}) }),
  });
}
