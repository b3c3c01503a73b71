import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { noteApi } from '../../api/note';
import { pickerSilent } from '../../api/types';
import { settingPaths } from '../../routes/staffPath';

export const notePaths = settingPaths('note');

export const noteKeys = {
  all: ['note'] as const,
  list: (query: object) => ['note', 'list', query] as const,
  offered: ['note', 'offered'] as const,
  one: (noteId: number) => ['note', 'one', noteId] as const,
};

export function useNoteList(query: { kw: string; offset: number; limit: number }) {
  return useQuery({
    queryKey: noteKeys.list(query),
    queryFn: ({ signal }) => noteApi.list(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useNote(noteId: number) {
  return useQuery({ queryKey: noteKeys.one(noteId), queryFn: ({ signal }) => noteApi.get(noteId, { signal }) });
}

/** The notes the ticket page offers (none, quietly, for a caller who may not list them). */
export const offeredNotesQuery = queryOptions({
  queryKey: noteKeys.offered,
  queryFn: ({ signal }) => noteApi.allList({ signal, silent: pickerSilent }),
});

export function useOfferedNotes() {
  return useQuery(offeredNotesQuery);
}
