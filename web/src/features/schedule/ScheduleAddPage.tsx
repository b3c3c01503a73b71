import '../../i18n/rulesStrings';
import { scheduleApi } from '../../api/rule';
import { FormPage } from '../../components/FormPage';
import { schedulePaths } from './queries';
import { ScheduleForm } from './ScheduleForm';

export function ScheduleAddPage() {
  return (
    <FormPage backTo={schedulePaths.list}>
      <ScheduleForm call={(values, opts) => scheduleApi.add(values, opts)} />
    </FormPage>
  );
}
