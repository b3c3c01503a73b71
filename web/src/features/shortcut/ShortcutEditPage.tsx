import { shortcutApi } from '../../api/shortcut';
import { FormPage } from '../../components/FormPage';
import { PageLoading } from '../../components/PageLoading';
import { RequireStateId } from '../../components/RequireStateId';
import { shortcutPaths, useShortcut } from './queries';
import { ShortcutForm } from './ShortcutForm';

/** Edit shortcut: the shortcut comes from the list (router state). */
export function ShortcutEditPage() {
  return <RequireStateId listPath={shortcutPaths.list}>{(id) => <ShortcutEdit shortcutId={id} />}</RequireStateId>;
}

function ShortcutEdit({ shortcutId }: { shortcutId: number }) {
  const shortcut = useShortcut(shortcutId);
  return (
    <FormPage backTo={shortcutPaths.list} subtitle={shortcut.data?.title}>
      {shortcut.data ? (
        <ShortcutForm
          shortcut={shortcut.data}
          call={(values, opts) => shortcutApi.edit({ ...values, shortcut_id: shortcutId }, opts)}
        />
      ) : (
        <PageLoading />
      )}
    </FormPage>
  );
}
