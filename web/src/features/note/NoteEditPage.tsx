import { noteApi } from '../../api/note';
import { FormPage } from '../../components/FormPage';
import { PageLoading } from '../../components/PageLoading';
import { RequireStateId } from '../../components/RequireStateId';
import { NoteForm } from './NoteForm';
import { notePaths, useNote } from './queries';

/** Edit note: the note comes from the list (router state). */
export function NoteEditPage() {
  return <RequireStateId listPath={notePaths.list}>{(id) => <NoteEdit noteId={id} />}</RequireStateId>;
}

function NoteEdit({ noteId }: { noteId: number }) {
  const note = useNote(noteId);
  return (
    <FormPage backTo={notePaths.list} subtitle={note.data?.title}>
      {note.data ? (
        <NoteForm note={note.data} call={(values, opts) => noteApi.edit({ ...values, note_id: noteId }, opts)} />
      ) : (
        <PageLoading />
      )}
    </FormPage>
  );
}
