import { queryOptions, useQuery } from '@tanstack/react-query';
import { fieldApi } from '../../api/ticketField';
import { pickerSilent } from '../../api/types';
import '../../i18n/fieldsStrings';
import { settingPaths } from '../../routes/staffPath';

export const fieldPaths = settingPaths('field');

export const fieldKeys = {
  all: ['ticket-field'] as const,
  list: ['ticket-field', 'list'] as const,
  one: (fieldId: number) => ['ticket-field', 'one', fieldId] as const,
};

/** Every field in its order (settings, the ticket page, the forms editor). */
/** `forPicker`: on the ticket pages a caller without the list (or an older server) gets no fields, not an error page. */
export function fieldListQuery(forPicker = false) {
  return queryOptions({
    queryKey: fieldKeys.list,
    queryFn: ({ signal }) => fieldApi.allList({ signal, ...(forPicker ? { silent: pickerSilent } : {}) }),
  });
}

export function useFieldList(forPicker = false) {
  return useQuery(fieldListQuery(forPicker));
}

export function useField(fieldId: number) {
  return useQuery({ queryKey: fieldKeys.one(fieldId), queryFn: ({ signal }) => fieldApi.get(fieldId, { signal }) });
}
