import { groupApi } from '../../api/group';
import { FormPage } from '../../components/FormPage';
import { GroupForm } from './GroupForm';
import { groupPaths } from './queries';

export function GroupAddPage() {
  return (
    <FormPage backTo={groupPaths.list}>
      <GroupForm call={(values, opts) => groupApi.add(values, opts)} />
    </FormPage>
  );
}
