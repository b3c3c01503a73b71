import {
  type TShortcut,
  type TShortcutAddRequest,
  type TShortcutEditRequest,
  type TShortcutListRequest,
  type TShortcutListResponse,
  ZShortcutAddResponse,
  ZShortcutGetResponse,
  ZShortcutListResponse,
} from '@parley/contracts';
import { api } from './instance';
import type { TOpts, TPagedQuery } from './types';

const base = '/admin/settings';

export const shortcutApi = {
  list: (query: TPagedQuery<TShortcutListRequest>, opts?: TOpts): Promise<TShortcutListResponse> =>
    api.get(`${base}/shortcut.list`, query, { ...opts, schema: ZShortcutListResponse }),
  get: (shortcutId: number, opts?: TOpts): Promise<TShortcut> =>
    api.get(`${base}/shortcut.get`, { shortcut_id: shortcutId }, { ...opts, schema: ZShortcutGetResponse }),
  add: (body: TShortcutAddRequest, opts?: TOpts) =>
    api.post(`${base}/shortcut.add`, body, { ...opts, schema: ZShortcutAddResponse }),
  edit: (body: TShortcutEditRequest, opts?: TOpts): Promise<null> =>
    api.post<null>(`${base}/shortcut.edit`, body, opts),
  delete: (shortcutIds: number[], opts?: TOpts): Promise<null> =>
    api.post<null>(`${base}/shortcut.delete`, { shortcut_ids: shortcutIds }, opts),
};
