import '../../i18n/rulesStrings';
import { triggerApi } from '../../api/rule';
import { FormPage } from '../../components/FormPage';
import { triggerPaths } from './queries';
import { TriggerForm } from './TriggerForm';

export function TriggerAddPage() {
  return (
    <FormPage backTo={triggerPaths.list} width={1100}>
      <TriggerForm call={(values, opts) => triggerApi.add(values, opts)} />
    </FormPage>
  );
}
