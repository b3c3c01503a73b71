import {
  type TTodoAddRequest,
  type TTodoAddResponse,
  type TTodoEditRequest,
  type TTodoListResponse,
  ZTodoAddResponse,
  ZTodoListResponse,
} from '@parley/contracts';
import { api } from './instance';
import type { TOpts } from './types';

/** The caller's own todo list. */
export const todoApi = {
  list: (includeDone: boolean, opts?: TOpts): Promise<TTodoListResponse> =>
    api.get('/admin/todo.list', { include_done: String(includeDone) }, { ...opts, schema: ZTodoListResponse }),
  add: (body: TTodoAddRequest, opts?: TOpts): Promise<TTodoAddResponse> =>
    api.post('/admin/todo.add', body, { ...opts, schema: ZTodoAddResponse }),
  edit: (body: TTodoEditRequest, opts?: TOpts): Promise<null> => api.post<null>('/admin/todo.edit', body, opts),
  remove: (todoIds: number[], opts?: TOpts): Promise<null> =>
    api.post<null>('/admin/todo.delete', { todo_ids: todoIds }, opts),
};
