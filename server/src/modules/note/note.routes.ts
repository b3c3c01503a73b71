import {
  ZEmpty,
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
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { notePreview } from './note.preview.js';
import { noteAdd, noteAllList, noteDelete, noteEdit, noteGet, noteList } from './note.service.js';

/** Notes (settings section "macros", `/wswt/setting/note`) and their use on the ticket page. */
export function noteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['notes'];
  const base = '/api/admin/settings';
  const ticketPage = access.menu('/wswt/ticket/edit/:ticket_id');
  defineGet(app, `${base}/note.list`, {
    access: access.menu('/wswt/setting/note'),
    summary: "Shared notes and the caller's own, by title, with how often each was used",
    tags,
    input: ZNoteListRequest,
    output: ZNoteListResponse,
    handler: ({ actor, input }) => noteList(ctx.db, actor, input),
  });

  defineGet(app, `${base}/note.get`, {
    access: access.menu('/wswt/setting/note/edit'),
    summary: "One note (someone else's personal note answers 0404)",
    tags,
    input: ZNoteGetRequest,
    output: ZNoteGetResponse,
    handler: ({ actor, input }) => noteGet(ctx.db, actor, input.note_id),
  });

  defineGet(app, `${base}/note.all.list`, {
    access: ticketPage,
    summary: "The notes the ticket page offers the caller: everyone's, the caller's groups' and own",
    tags,
    output: ZNoteAllListResponse,
    handler: ({ actor }) => noteAllList(ctx.db, actor),
  });

  defineGet(app, `${base}/note.preview`, {
    access: ticketPage,
    summary: 'What applying a note would change on a ticket (nothing is saved)',
    tags,
    input: ZNotePreviewRequest,
    output: ZNotePreviewResponse,
    handler: ({ actor, input }) => notePreview(ctx.db, actor, input.note_id, input.ticket_id),
  });

  definePost(app, `${base}/note.add`, {
    access: access.btn('note.add'),
    summary: 'Add a note: properties to set, tags to add or remove, a reply or internal note with placeholders',
    tags,
    input: ZNoteAddRequest,
    output: ZNoteAddResponse,
    message: 'saved',
    handler: ({ actor, input }) => noteAdd(ctx.db, actor, input),
  });

  definePost(app, `${base}/note.edit`, {
    access: access.btn('note.edit'),
    summary: 'Edit a note',
    tags,
    input: ZNoteEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ actor, input }) => {
      await noteEdit(ctx.db, actor, input);
      return null;
    },
  });

  definePost(app, `${base}/note.delete`, {
    access: access.btn('note.delete'),
    summary: 'Delete notes',
    tags,
    input: ZNoteDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
    handler: async ({ actor, input }) => {
      await noteDelete(ctx.db, actor, input.note_ids);
      return null;
    },
  });
}
