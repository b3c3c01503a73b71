import { FormPage } from '../../components/FormPage';
import { tagPaths } from './queries';
import { TagForm } from './TagForm';

export function TagAddPage() {
  return (
    <FormPage backTo={tagPaths.list}>
      <TagForm />
    </FormPage>
  );
}
