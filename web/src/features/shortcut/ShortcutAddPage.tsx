import { shortcutApi } from '../../api/shortcut';
import { FormPage } from '../../components/FormPage';
import { shortcutPaths } from './queries';
import { ShortcutForm } from './ShortcutForm';

export function ShortcutAddPage() {
  return (
    <FormPage backTo={shortcutPaths.list}>
      <ShortcutForm call={(values, opts) => shortcutApi.add(values, opts)} />
    </FormPage>
  );
}
