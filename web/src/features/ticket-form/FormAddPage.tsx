import { formApi } from '../../api/ticketField';
import { FormPage } from '../../components/FormPage';
import { FormForm } from './FormForm';
import { formPaths } from './queries';

export function FormAddPage() {
  return (
    <FormPage backTo={formPaths.list}>
      <FormForm call={(body, opts) => formApi.add(body, opts)} />
    </FormPage>
  );
}
