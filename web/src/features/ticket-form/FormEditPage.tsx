import { formApi } from '../../api/ticketField';
import { FormPage } from '../../components/FormPage';
import { PageLoading } from '../../components/PageLoading';
import { RequireStateId } from '../../components/RequireStateId';
import { FormForm } from './FormForm';
import { formPaths, useTicketForm } from './queries';

/** Edit a ticket form: the form comes from the list (router state). */
export function FormEditPage() {
  return <RequireStateId listPath={formPaths.list}>{(id) => <FormEdit formId={id} />}</RequireStateId>;
}

function FormEdit({ formId }: { formId: number }) {
  const ticketForm = useTicketForm(formId);
  return (
    <FormPage backTo={formPaths.list} subtitle={ticketForm.data?.form_name}>
      {ticketForm.data ? (
        <FormForm
          ticketForm={ticketForm.data}
          call={(body, opts) => formApi.edit({ ...body, form_id: formId }, opts)}
        />
      ) : (
        <PageLoading />
      )}
    </FormPage>
  );
}
