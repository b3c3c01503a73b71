import {
  shortcutOps,
  type TShortcut,
  type TShortcutAddRequest,
  type TShortcutEditRequest,
  type TShortcutListRequest,
  type TShortcutListResponse,
} from '@parley/contracts';
import { call } from './call';
import type { TOpts, TPagedQuery } from './types';

export const shortcutApi = {
  list: (query: TPagedQuery<TShortcutListRequest>, opts?: TOpts): Promise<TShortcutListResponse> =>
    call(shortcutOps.list, query, opts),
  get: (shortcutId: number, opts?: TOpts): Promise<TShortcut> =>
    call(shortcutOps.get, { shortcut_id: shortcutId }, opts),
  add: (body: TShortcutAddRequest, opts?: TOpts) => call(shortcutOps.add, body, opts),
  edit: (body: TShortcutEditRequest, opts?: TOpts): Promise<null> => call(shortcutOps.edit, body, opts),
  delete: (shortcutIds: number[], opts?: TOpts): Promise<null> =>
    call(shortcutOps.delete, { shortcut_ids: shortcutIds }, opts),
};
