import '../../i18n/rulesStrings';
import { triggerApi } from '../../api/rule';
import { FormPage } from '../../components/FormPage';
import { ListRecord } from '../../components/ListRecord';
import { RequireStateId } from '../../components/RequireStateId';
import { triggerPaths, useTriggers } from './queries';
import { TriggerForm } from './TriggerForm';

/** Edit trigger: the trigger comes from the list (router state). */
export function TriggerEditPage() {
  return <RequireStateId listPath={triggerPaths.list}>{(id) => <TriggerEdit triggerId={id} />}</RequireStateId>;
}

function TriggerEdit({ triggerId }: { triggerId: number }) {
  const query = useTriggers();
  const trigger = query.data?.list.find((x) => x.trigger_id === triggerId);
  return (
    <FormPage backTo={triggerPaths.list} subtitle={trigger?.title} width={1100}>
      <ListRecord query={query} record={trigger} backTo={triggerPaths.list}>
        {(trigger) => (
          <TriggerForm
            trigger={trigger}
            call={(values, opts) => triggerApi.edit({ ...values, trigger_id: triggerId }, opts)}
          />
        )}
      </ListRecord>
    </FormPage>
  );
}
