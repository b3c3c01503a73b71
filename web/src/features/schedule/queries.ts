import { useQuery } from '@tanstack/react-query';
import { scheduleApi } from '../../api/rule';
import { pickerSilent } from '../../api/types';
import { settingPaths } from '../../routes/staffPath';

export const schedulePaths = settingPaths('schedule');

export const scheduleKeys = { all: ['schedule'] as const };

/** Every schedule (a handful): the list screen and the rule editors' pickers. */
export function useSchedules(picker = false) {
  return useQuery({
    queryKey: scheduleKeys.all,
    queryFn: ({ signal }) => scheduleApi.list({ signal, ...(picker ? { silent: pickerSilent } : {}) }),
  });
}
