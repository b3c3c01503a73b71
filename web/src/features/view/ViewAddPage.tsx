import { viewApi } from '../../api/view';
import { FormPage } from '../../components/FormPage';
import { viewPaths } from './queries';
import { ViewForm } from './ViewForm';

export function ViewAddPage() {
  return (
    <FormPage backTo={viewPaths.list}>
      <ViewForm call={(values, opts) => viewApi.add(values, opts)} />
    </FormPage>
  );
}
