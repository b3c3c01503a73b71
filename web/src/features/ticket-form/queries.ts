import { useQuery } from '@tanstack/react-query';
import { formApi } from '../../api/ticketField';
import '../../i18n/fieldsStrings';

export const formPaths = {
  list: '/wswt/setting/form',
  add: '/wswt/setting/form/add',
  edit: '/wswt/setting/form/edit',
};

export const formKeys = {
  all: ['ticket-form'] as const,
  list: ['ticket-form', 'list'] as const,
  one: (formId: number) => ['ticket-form', 'one', formId] as const,
};

/** Every form, the default first. */
export function useFormList() {
  return useQuery({ queryKey: formKeys.list, queryFn: ({ signal }) => formApi.allList({ signal }) });
}

export function useTicketForm(formId: number) {
  return useQuery({ queryKey: formKeys.one(formId), queryFn: ({ signal }) => formApi.get(formId, { signal }) });
}
