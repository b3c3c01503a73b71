import {
  ZEmpty,
  ZTodoAddRequest,
  ZTodoAddResponse,
  ZTodoDeleteRequest,
  ZTodoEditRequest,
  ZTodoListRequest,
  ZTodoListResponse,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { todoAdd, todoDelete, todoEdit, todoList } from './todo.service.js';

/** Every staff member's own todo list: nothing to grant, and nobody sees another's. */
export function todoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['todo'];
  const base = '/api/admin';

  defineGet(app, `${base}/todo.list`, {
    access: access.staff,
    summary: "The caller's open items, oldest first (and the newest 50 done ones with include_done)",
    tags,
    input: ZTodoListRequest,
    output: ZTodoListResponse,
    handler: ({ actor, input }) => todoList(ctx.db, actor, input.include_done),
  });

  definePost(app, `${base}/todo.add`, {
    access: access.staff,
    summary: 'Add an item, optionally about a ticket the caller may see (at most 200 open)',
    tags,
    input: ZTodoAddRequest,
    output: ZTodoAddResponse,
    message: 'saved',
    handler: ({ actor, input }) => todoAdd(ctx.db, actor, input),
  });

  definePost(app, `${base}/todo.edit`, {
    access: access.staff,
    summary: "Change an item's text or tick it done (or undone)",
    tags,
    input: ZTodoEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ actor, input }) => {
      await todoEdit(ctx.db, actor, input);
      return null;
    },
  });

  definePost(app, `${base}/todo.delete`, {
    access: access.staff,
    summary: "Delete the caller's items",
    tags,
    input: ZTodoDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
    handler: async ({ actor, input }) => {
      await todoDelete(ctx.db, actor, input.todo_ids);
      return null;
    },
  });
}
