import { roleApi } from '../../api/role';
import { FormPage } from '../../components/FormPage';
import { rolePaths } from './queries';
import { RoleForm } from './RoleForm';

export function RoleAddPage() {
  return (
    <FormPage backTo={rolePaths.list}>
      <RoleForm call={(values, opts) => roleApi.add(values, opts)} />
    </FormPage>
  );
}
