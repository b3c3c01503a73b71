import { useQuery } from '@tanstack/react-query';
import { fieldApi } from '../../api/ticketField';
import '../../i18n/fieldsStrings';
import { settingPaths } from '../../routes/staffPath';
import { fieldKeys, fieldListQuery } from './fieldList';

export { fieldKeys, fieldListQuery };

export const fieldPaths = settingPaths('field');

export function useFieldList(forPicker = false) {
  return useQuery(fieldListQuery(forPicker));
}

export function useField(fieldId: number) {
  return useQuery({ queryKey: fieldKeys.one(fieldId), queryFn: ({ signal }) => fieldApi.get(fieldId, { signal }) });
}
