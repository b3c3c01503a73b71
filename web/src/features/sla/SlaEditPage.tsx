import '../../i18n/rulesStrings';
import { slaApi } from '../../api/rule';
import { FormPage } from '../../components/FormPage';
import { PageLoading } from '../../components/PageLoading';
import { RequireStateId } from '../../components/RequireStateId';
import { slaPaths, useSlaPolicies } from './queries';
import { SlaForm } from './SlaForm';

/** Edit SLA policy: the policy comes from the list (router state). */
export function SlaEditPage() {
  return <RequireStateId listPath={slaPaths.list}>{(id) => <SlaEdit policyId={id} />}</RequireStateId>;
}

function SlaEdit({ policyId }: { policyId: number }) {
  const query = useSlaPolicies();
  const policy = query.data?.list.find((x) => x.policy_id === policyId);
  return (
    <FormPage backTo={slaPaths.list} subtitle={policy?.title} width={1100}>
      {policy ? (
        <SlaForm policy={policy} call={(values, opts) => slaApi.edit({ ...values, policy_id: policyId }, opts)} />
      ) : (
        <PageLoading />
      )}
    </FormPage>
  );
}
