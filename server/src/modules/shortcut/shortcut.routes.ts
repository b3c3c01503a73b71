import {
  ZEmpty,
  ZShortcutAddRequest,
  ZShortcutAddResponse,
  ZShortcutDeleteRequest,
  ZShortcutEditRequest,
  ZShortcutGetRequest,
  ZShortcutGetResponse,
  ZShortcutListRequest,
  ZShortcutListResponse,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { shortcutAdd, shortcutDelete, shortcutEdit, shortcutGet, shortcutList } from './shortcut.service.js';

/** The shortcut screens, and the ticket page where agents use them in replies and chats. */
const readers = access.menu('/wswt/setting/shortcut', '/wswt/setting/shortcut/edit', '/wswt/ticket/edit/:ticket_id');

export function shortcutRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['shortcuts'];
  const base = '/api/admin/settings';
  defineGet(app, `${base}/shortcut.list`, {
    access: readers,
    summary: "Shared shortcuts and the caller's own, newest first",
    tags,
    input: ZShortcutListRequest,
    output: ZShortcutListResponse,
    handler: ({ actor, input }) => shortcutList(ctx.db, actor, input),
  });

  defineGet(app, `${base}/shortcut.get`, {
    access: readers,
    summary: "One shortcut (someone else's private one answers 0404)",
    tags,
    input: ZShortcutGetRequest,
    output: ZShortcutGetResponse,
    handler: ({ actor, input }) => shortcutGet(ctx.db, actor, input.shortcut_id),
  });

  definePost(app, `${base}/shortcut.add`, {
    access: access.btn('shortcut.add'),
    summary: 'Add a shortcut (allow_type me: only the creator sees it)',
    tags,
    input: ZShortcutAddRequest,
    output: ZShortcutAddResponse,
    message: 'saved',
    handler: ({ actor, input }) => shortcutAdd(ctx.db, actor, input),
  });

  definePost(app, `${base}/shortcut.edit`, {
    access: access.btn('shortcut.edit'),
    summary: 'Edit a shortcut; a private one only by its creator or an admin',
    tags,
    input: ZShortcutEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ actor, input }) => {
      await shortcutEdit(ctx.db, actor, input);
      return null;
    },
  });

  definePost(app, `${base}/shortcut.delete`, {
    access: access.btn('shortcut.delete'),
    summary: 'Delete shortcuts; a private one only by its creator or an admin',
    tags,
    input: ZShortcutDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
    handler: async ({ actor, input }) => {
      await shortcutDelete(ctx.db, actor, input.shortcut_ids);
      return null;
    },
  });
}
