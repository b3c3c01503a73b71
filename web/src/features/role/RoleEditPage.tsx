import { roleApi } from '../../api/role';
import { FormPage } from '../../components/FormPage';
import { PageLoading } from '../../components/PageLoading';
import { RequireStateId } from '../../components/RequireStateId';
import { rolePaths, useRole } from './queries';
import { RoleForm } from './RoleForm';
import { RoleStateSwitch } from './RoleStateSwitch';

/** Edit role: the role comes from the list (router state). */
export function RoleEditPage() {
  return <RequireStateId listPath={rolePaths.list}>{(id) => <RoleEdit roleId={id} />}</RequireStateId>;
}

function RoleEdit({ roleId }: { roleId: number }) {
  const role = useRole(roleId);
  return (
    <FormPage
      backTo={rolePaths.list}
      subtitle={role.data?.role_name}
      actions={role.data && <RoleStateSwitch role={role.data} />}
    >
      {role.data ? (
        <RoleForm role={role.data} call={(values, opts) => roleApi.edit({ ...values, role_id: roleId }, opts)} />
      ) : (
        <PageLoading />
      )}
    </FormPage>
  );
}
