import {
  type TTodoAddRequest,
  type TTodoAddResponse,
  type TTodoEditRequest,
  type TTodoListResponse,
  todoOps,
} from '@parley/contracts';
import { call } from './call';
import type { TOpts } from './types';

/** The caller's own todo list. */
export const todoApi = {
  list: (includeDone: boolean, opts?: TOpts): Promise<TTodoListResponse> =>
    call(todoOps.list, { include_done: String(includeDone) }, opts),
  add: (body: TTodoAddRequest, opts?: TOpts): Promise<TTodoAddResponse> => call(todoOps.add, body, opts),
  edit: (body: TTodoEditRequest, opts?: TOpts): Promise<null> => call(todoOps.edit, body, opts),
  remove: (todoIds: number[], opts?: TOpts): Promise<null> => call(todoOps.delete, { todo_ids: todoIds }, opts),
};
