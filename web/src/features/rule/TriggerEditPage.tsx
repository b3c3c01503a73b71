import '../../i18n/rulesStrings';
import { triggerApi } from '../../api/rule';
import { FormPage } from '../../components/FormPage';
import { PageLoading } from '../../components/PageLoading';
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
      {trigger ? (
        <TriggerForm
          trigger={trigger}
          call={(values, opts) => triggerApi.edit({ ...values, trigger_id: triggerId }, opts)}
        />
      ) : (
        <PageLoading />
      )}
    </FormPage>
  );
}
