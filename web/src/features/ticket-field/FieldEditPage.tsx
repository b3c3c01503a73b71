import { fieldApi } from '../../api/ticketField';
import { FormPage } from '../../components/FormPage';
import { PageLoading } from '../../components/PageLoading';
import { RequireStateId } from '../../components/RequireStateId';
import { FieldForm } from './FieldForm';
import { fieldPaths, useField } from './queries';

/** Edit a ticket field: the field comes from the list (router state). */
export function FieldEditPage() {
  return <RequireStateId listPath={fieldPaths.list}>{(id) => <FieldEdit fieldId={id} />}</RequireStateId>;
}

function FieldEdit({ fieldId }: { fieldId: number }) {
  const field = useField(fieldId);
  return (
    <FormPage backTo={fieldPaths.list} subtitle={field.data?.title}>
      {field.data ? (
        <FieldForm field={field.data} call={(body, opts) => fieldApi.edit({ ...body, field_id: fieldId }, opts)} />
      ) : (
        <PageLoading />
      )}
    </FormPage>
  );
}
