import { ZEmpty } from '../common.js';
import { op, type TOpAccess } from '../op.js';
import {
  ZShortcutAddRequest,
  ZShortcutAddResponse,
  ZShortcutDeleteRequest,
  ZShortcutEditRequest,
  ZShortcutGetRequest,
  ZShortcutGetResponse,
  ZShortcutListRequest,
  ZShortcutListResponse,
} from '../shortcut.js';

const tags = ['shortcuts'];
/** The shortcut screens, and the ticket page where agents use them in replies and chats. */
const readers: TOpAccess = {
  menu: ['/wswt/setting/shortcut', '/wswt/setting/shortcut/edit', '/wswt/ticket/edit/:ticket_id'],
};

export const shortcutOps = {
  list: op({
    method: 'GET',
    path: '/api/admin/settings/shortcut.list',
    access: readers,
    summary: "Shared shortcuts and the caller's own, newest first",
    tags,
    input: ZShortcutListRequest,
    output: ZShortcutListResponse,
  }),
  get: op({
    method: 'GET',
    path: '/api/admin/settings/shortcut.get',
    access: readers,
    summary: "One shortcut (someone else's private one answers 0404)",
    tags,
    input: ZShortcutGetRequest,
    output: ZShortcutGetResponse,
  }),
  add: op({
    method: 'POST',
    path: '/api/admin/settings/shortcut.add',
    access: { btn: 'shortcut.add' },
    summary: 'Add a shortcut (allow_type me: only the creator sees it)',
    tags,
    input: ZShortcutAddRequest,
    output: ZShortcutAddResponse,
    message: 'saved',
  }),
  edit: op({
    method: 'POST',
    path: '/api/admin/settings/shortcut.edit',
    access: { btn: 'shortcut.edit' },
    summary: 'Edit a shortcut; a private one only by its creator or an admin',
    tags,
    input: ZShortcutEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  delete: op({
    method: 'POST',
    path: '/api/admin/settings/shortcut.delete',
    access: { btn: 'shortcut.delete' },
    summary: 'Delete shortcuts; a private one only by its creator or an admin',
    tags,
    input: ZShortcutDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
  }),
};
