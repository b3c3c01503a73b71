import '../../i18n/rulesStrings';
import { automationApi } from '../../api/rule';
import { FormPage } from '../../components/FormPage';
import { ListRecord } from '../../components/ListRecord';
import { RequireStateId } from '../../components/RequireStateId';
import { AutomationForm } from './AutomationForm';
import { automationPaths, useAutomations } from './queries';

/** Edit automation: the automation comes from the list (router state). */
export function AutomationEditPage() {
  return (
    <RequireStateId listPath={automationPaths.list}>{(id) => <AutomationEdit automationId={id} />}</RequireStateId>
  );
}

function AutomationEdit({ automationId }: { automationId: number }) {
  const query = useAutomations();
  const automation = query.data?.list.find((x) => x.automation_id === automationId);
  return (
    <FormPage backTo={automationPaths.list} subtitle={automation?.title} width={1100}>
      <ListRecord query={query} record={automation} backTo={automationPaths.list}>
        {(automation) => (
          <AutomationForm
            automation={automation}
            call={(values, opts) => automationApi.edit({ ...values, automation_id: automationId }, opts)}
          />
        )}
      </ListRecord>
    </FormPage>
  );
}
