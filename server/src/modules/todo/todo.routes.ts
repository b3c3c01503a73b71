import { todoOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { todoAdd, todoDelete, todoEdit, todoList } from './todo.service.js';

/** Every staff member's own todo list: nothing to grant, and nobody sees another's. */
export function todoRoutes(app: FastifyInstance, ctx: AppContext): void {
  define(app, todoOps.list, { handler: ({ actor, input }) => todoList(ctx.db, actor, input.include_done) });
  define(app, todoOps.add, { handler: ({ actor, input }) => todoAdd(ctx.db, actor, input) });
  define(app, todoOps.edit, {
    handler: async ({ actor, input }) => {
      await todoEdit(ctx.db, actor, input);
      return null;
    },
  });
  define(app, todoOps.delete, {
    handler: async ({ actor, input }) => {
      await todoDelete(ctx.db, actor, input.todo_ids);
      return null;
    },
  });
}
