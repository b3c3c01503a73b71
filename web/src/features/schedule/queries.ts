import { useQuery } from '@tanstack/react-query';
import { scheduleApi } from '../../api/rule';
import { pickerSilent } from '../../api/types';

export const schedulePaths = {
  list: '/wswt/setting/schedule',
  add: '/wswt/setting/schedule/add',
  edit: '/wswt/setting/schedule/edit',
};

export const scheduleKeys = { all: ['schedule'] as const };

/** Every schedule (a handful): the list screen and the rule editors' pickers. */
export function useSchedules(picker = false) {
  return useQuery({
    queryKey: scheduleKeys.all,
    queryFn: ({ signal }) => scheduleApi.list({ signal, ...(picker ? { silent: pickerSilent } : {}) }),
  });
}
