import { groupApi } from '../../api/group';
import { FormPage } from '../../components/FormPage';
import { PageLoading } from '../../components/PageLoading';
import { RequireStateId } from '../../components/RequireStateId';
import { GroupForm } from './GroupForm';
import { groupPaths, useGroup } from './queries';

/** Edit group: the group comes from the groups tab (router state). */
export function GroupEditPage() {
  return <RequireStateId listPath={groupPaths.list}>{(id) => <GroupEdit groupId={id} />}</RequireStateId>;
}

function GroupEdit({ groupId }: { groupId: number }) {
  const group = useGroup(groupId);
  return (
    <FormPage backTo={groupPaths.list} subtitle={group.data?.group_name}>
      {group.data ? (
        <GroupForm group={group.data} call={(values, opts) => groupApi.edit({ ...values, group_id: groupId }, opts)} />
      ) : (
        <PageLoading />
      )}
    </FormPage>
  );
}
