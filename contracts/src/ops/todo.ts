import { ZEmpty } from '../common.js';
import { op } from '../op.js';
import {
  ZTodoAddRequest,
  ZTodoAddResponse,
  ZTodoDeleteRequest,
  ZTodoEditRequest,
  ZTodoListRequest,
  ZTodoListResponse,
} from '../todo.js';

const base = '/api/admin';
const tags = ['todo'];
const staff = { staff: true } as const;

/** Every staff member's own todo list: nothing to grant, and nobody sees another's. */
export const todoOps = {
  list: op({
    method: 'GET',
    path: `${base}/todo.list`,
    access: staff,
    summary: "The caller's open items, oldest first (and the newest 50 done ones with include_done)",
    tags,
    input: ZTodoListRequest,
    output: ZTodoListResponse,
  }),
  add: op({
    method: 'POST',
    path: `${base}/todo.add`,
    access: staff,
    summary: 'Add an item, optionally about a ticket the caller may see (at most 200 open)',
    tags,
    input: ZTodoAddRequest,
    output: ZTodoAddResponse,
    message: 'saved',
  }),
  edit: op({
    method: 'POST',
    path: `${base}/todo.edit`,
    access: staff,
    summary: "Change an item's text or tick it done (or undone)",
    tags,
    input: ZTodoEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  delete: op({
    method: 'POST',
    path: `${base}/todo.delete`,
    access: staff,
    summary: "Delete the caller's items",
    tags,
    input: ZTodoDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
  }),
};
