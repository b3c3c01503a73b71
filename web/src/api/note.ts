import {
  type TNote,
  type TNoteAddRequest,
  type TNoteEditRequest,
  type TNoteListRequest,
  type TNoteListResponse,
  type TNotePreviewResponse,
  ZNoteAddResponse,
  ZNoteAllListResponse,
  ZNoteGetResponse,
  ZNoteListResponse,
  ZNotePreviewResponse,
} from '@parley/contracts';
import { api } from './instance';
import type { TOpts, TPagedQuery } from './types';

const base = '/admin/settings';

export const noteApi = {
  list: (query: TPagedQuery<TNoteListRequest>, opts?: TOpts): Promise<TNoteListResponse> =>
    api.get(`${base}/note.list`, query, { ...opts, schema: ZNoteListResponse }),
  allList: (opts?: TOpts): Promise<{ list: TNote[] }> =>
    api.get(`${base}/note.all.list`, {}, { ...opts, schema: ZNoteAllListResponse }),
  get: (noteId: number, opts?: TOpts): Promise<TNote> =>
    api.get(`${base}/note.get`, { note_id: noteId }, { ...opts, schema: ZNoteGetResponse }),
  preview: (noteId: number, ticketId: number, opts?: TOpts): Promise<TNotePreviewResponse> =>
    api.get(
      `${base}/note.preview`,
      { note_id: noteId, ticket_id: ticketId },
      { ...opts, schema: ZNotePreviewResponse },
    ),
  add: (body: TNoteAddRequest, opts?: TOpts) =>
    api.post(`${base}/note.add`, body, { ...opts, schema: ZNoteAddResponse }),
  edit: (body: TNoteEditRequest, opts?: TOpts): Promise<null> => api.post<null>(`${base}/note.edit`, body, opts),
  delete: (noteIds: number[], opts?: TOpts): Promise<null> =>
    api.post<null>(`${base}/note.delete`, { note_ids: noteIds }, opts),
};
