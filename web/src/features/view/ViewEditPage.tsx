import { viewApi } from '../../api/view';
import { FormPage } from '../../components/FormPage';
import { PageLoading } from '../../components/PageLoading';
import { RequireStateId } from '../../components/RequireStateId';
import { useView, viewPaths } from './queries';
import { ViewForm } from './ViewForm';

/** Edit view: the view comes from the list (router state). */
export function ViewEditPage() {
  return <RequireStateId listPath={viewPaths.list}>{(id) => <ViewEdit viewId={id} />}</RequireStateId>;
}

function ViewEdit({ viewId }: { viewId: number }) {
  const view = useView(viewId);
  return (
    <FormPage backTo={viewPaths.list} subtitle={view.data?.title}>
      {view.data ? (
        <ViewForm view={view.data} call={(values, opts) => viewApi.edit({ ...values, view_id: viewId }, opts)} />
      ) : (
        <PageLoading />
      )}
    </FormPage>
  );
}
