import '../../i18n/rulesStrings';
import { scheduleApi } from '../../api/rule';
import { FormPage } from '../../components/FormPage';
import { ListRecord } from '../../components/ListRecord';
import { RequireStateId } from '../../components/RequireStateId';
import { schedulePaths, useSchedules } from './queries';
import { ScheduleForm } from './ScheduleForm';

/** Edit schedule: the schedule comes from the list (router state). */
export function ScheduleEditPage() {
  return <RequireStateId listPath={schedulePaths.list}>{(id) => <ScheduleEdit scheduleId={id} />}</RequireStateId>;
}

function ScheduleEdit({ scheduleId }: { scheduleId: number }) {
  const query = useSchedules();
  const schedule = query.data?.list.find((s) => s.schedule_id === scheduleId);
  return (
    <FormPage backTo={schedulePaths.list} subtitle={schedule?.name}>
      <ListRecord query={query} record={schedule} backTo={schedulePaths.list}>
        {(schedule) => (
          <ScheduleForm
            schedule={schedule}
            call={(values, opts) => scheduleApi.edit({ ...values, schedule_id: scheduleId }, opts)}
          />
        )}
      </ListRecord>
    </FormPage>
  );
}
