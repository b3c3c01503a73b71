import '../../i18n/rulesStrings';
import { automationApi } from '../../api/rule';
import { FormPage } from '../../components/FormPage';
import { AutomationForm } from './AutomationForm';
import { automationPaths } from './queries';

export function AutomationAddPage() {
  return (
    <FormPage backTo={automationPaths.list} width={1100}>
      <AutomationForm call={(values, opts) => automationApi.add(values, opts)} />
    </FormPage>
  );
}
