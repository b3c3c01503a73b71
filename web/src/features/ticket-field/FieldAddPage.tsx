import { fieldApi } from '../../api/ticketField';
import { FormPage } from '../../components/FormPage';
import { FieldForm } from './FieldForm';
import { fieldPaths } from './queries';

export function FieldAddPage() {
  return (
    <FormPage backTo={fieldPaths.list}>
      <FieldForm call={(body, opts) => fieldApi.add(body, opts)} />
    </FormPage>
  );
}
