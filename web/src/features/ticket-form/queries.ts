import { queryOptions, useQuery } from '@tanstack/react-query';
import { formApi } from '../../api/ticketField';
import { pickerSilent } from '../../api/types';
import '../../i18n/fieldsStrings';
import { settingPaths } from '../../routes/staffPath';

export const formPaths = settingPaths('form');

export const formKeys = {
  all: ['ticket-form'] as const,
  list: ['ticket-form', 'list'] as const,
  one: (formId: number) => ['ticket-form', 'one', formId] as const,
};

/** Every form, the default first. */
/** `forPicker`: on the ticket pages a caller without the list (or an older server) gets no fields, not an error page. */
export function formListQuery(forPicker = false) {
  return queryOptions({
    queryKey: formKeys.list,
    queryFn: ({ signal }) => formApi.allList({ signal, ...(forPicker ? { silent: pickerSilent } : {}) }),
  });
}

export function useFormList(forPicker = false) {
  return useQuery(formListQuery(forPicker));
}

export function useTicketForm(formId: number) {
  return useQuery({ queryKey: formKeys.one(formId), queryFn: ({ signal }) => formApi.get(formId, { signal }) });
}
