import { noteApi } from '../../api/note';
import { FormPage } from '../../components/FormPage';
import { NoteForm } from './NoteForm';
import { notePaths } from './queries';

export function NoteAddPage() {
  return (
    <FormPage backTo={notePaths.list}>
      <NoteForm call={(values, opts) => noteApi.add(values, opts)} />
    </FormPage>
  );
}
