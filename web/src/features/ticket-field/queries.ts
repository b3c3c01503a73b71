import { useQuery } from '@tanstack/react-query';
import { fieldApi } from '../../api/ticketField';
import '../../i18n/fieldsStrings';

export const fieldPaths = {
  list: '/wswt/setting/field',
  add: '/wswt/setting/field/add',
  edit: '/wswt/setting/field/edit',
};

export const fieldKeys = {
  all: ['ticket-field'] as const,
  list: ['ticket-field', 'list'] as const,
  one: (fieldId: number) => ['ticket-field', 'one', fieldId] as const,
};

/** Every field in its order (settings, the ticket page, the forms editor). */
export function useFieldList() {
  return useQuery({ queryKey: fieldKeys.list, queryFn: ({ signal }) => fieldApi.allList({ signal }) });
}

export function useField(fieldId: number) {
  return useQuery({ queryKey: fieldKeys.one(fieldId), queryFn: ({ signal }) => fieldApi.get(fieldId, { signal }) });
}
