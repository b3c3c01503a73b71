import '../../i18n/rulesStrings';
import { slaApi } from '../../api/rule';
import { FormPage } from '../../components/FormPage';
import { slaPaths } from './queries';
import { SlaForm } from './SlaForm';

export function SlaAddPage() {
  return (
    <FormPage backTo={slaPaths.list} width={1100}>
      <SlaForm call={(values, opts) => slaApi.add(values, opts)} />
    </FormPage>
  );
}
