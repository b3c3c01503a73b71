import {
  noteOps,
  type TNote,
  type TNoteAddRequest,
  type TNoteEditRequest,
  type TNoteListRequest,
  type TNoteListResponse,
  type TNotePreviewResponse,
} from '@parley/contracts';
import { call } from './call';
import type { TOpts, TPagedQuery } from './types';

export const noteApi = {
  list: (query: TPagedQuery<TNoteListRequest>, opts?: TOpts): Promise<TNoteListResponse> =>
    call(noteOps.list, query, opts),
  allList: (opts?: TOpts): Promise<{ list: TNote[] }> => call(noteOps.allList, {}, opts),
  get: (noteId: number, opts?: TOpts): Promise<TNote> => call(noteOps.get, { note_id: noteId }, opts),
  preview: (noteId: number, ticketId: number, opts?: TOpts): Promise<TNotePreviewResponse> =>
    call(noteOps.preview, { note_id: noteId, ticket_id: ticketId }, opts),
  add: (body: TNoteAddRequest, opts?: TOpts) => call(noteOps.add, body, opts),
  edit: (body: TNoteEditRequest, opts?: TOpts): Promise<null> => call(noteOps.edit, body, opts),
  delete: (noteIds: number[], opts?: TOpts): Promise<null> => call(noteOps.delete, { note_ids: noteIds }, opts),
};
