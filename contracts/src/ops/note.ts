import { ZEmpty } from '../common.js';
import {
  ZNoteAddRequest,
  ZNoteAddResponse,
  ZNoteAllListResponse,
  ZNoteDeleteRequest,
  ZNoteEditRequest,
  ZNoteGetRequest,
  ZNoteGetResponse,
  ZNoteListRequest,
  ZNoteListResponse,
  ZNotePreviewRequest,
  ZNotePreviewResponse,
} from '../note.js';
import { noInput, op, type TOpAccess } from '../op.js';

const tags = ['notes'];

const ticketPage: TOpAccess = { menu: '/wswt/ticket/edit/:ticket_id' };

export const noteOps = {
  list: op({
    method: 'GET',
    path: '/api/admin/settings/note.list',
    access: { menu: '/wswt/setting/note' },
    summary: "Shared notes and the caller's own, by title, with how often each was used",
    tags,
    input: ZNoteListRequest,
    output: ZNoteListResponse,
  }),
  get: op({
    method: 'GET',
    path: '/api/admin/settings/note.get',
    access: { menu: '/wswt/setting/note/edit' },
    summary: "One note (someone else's personal note answers 0404)",
    tags,
    input: ZNoteGetRequest,
    output: ZNoteGetResponse,
  }),
  allList: op({
    method: 'GET',
    path: '/api/admin/settings/note.all.list',
    access: ticketPage,
    summary: "The notes the ticket page offers the caller: everyone's, the caller's groups' and own",
    tags,
    input: noInput,
    output: ZNoteAllListResponse,
  }),
  preview: op({
    method: 'GET',
    path: '/api/admin/settings/note.preview',
    access: ticketPage,
    summary: 'What applying a note would change on a ticket (nothing is saved)',
    tags,
    input: ZNotePreviewRequest,
    output: ZNotePreviewResponse,
  }),
  add: op({
    method: 'POST',
    path: '/api/admin/settings/note.add',
    access: { btn: 'note.add' },
    summary: 'Add a note: properties to set, tags to add or remove, a reply or internal note with placeholders',
    tags,
    input: ZNoteAddRequest,
    output: ZNoteAddResponse,
    message: 'saved',
  }),
  edit: op({
    method: 'POST',
    path: '/api/admin/settings/note.edit',
    access: { btn: 'note.edit' },
    summary: 'Edit a note',
    tags,
    input: ZNoteEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  delete: op({
    method: 'POST',
    path: '/api/admin/settings/note.delete',
    access: { btn: 'note.delete' },
    summary: 'Delete notes',
    tags,
    input: ZNoteDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
  }),
};
