import { scheduleOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { define } from '../../http/route.js';
import {
  type ScheduleEdited,
  scheduleAdd,
  scheduleDelete,
  scheduleEdit,
  scheduleGet,
  scheduleList,
} from './schedule.service.js';

/** Settings › Schedules: business hours and holidays; the rule editors pick from the list too. */
export function scheduleRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  uses: {
    /** Does a rule or policy use one of these schedules (a delete is refused)? */
    usedBy: (tx: DbOrTx, ids: number[]) => Promise<string[]>;
    /** What follows an edit, in its transaction. */
    edited: ScheduleEdited;
  },
): void {
  define(app, scheduleOps.list, { handler: () => scheduleList(ctx.db) });
  define(app, scheduleOps.get, { handler: ({ input }) => scheduleGet(ctx.db, input.schedule_id) });
  define(app, scheduleOps.add, { handler: ({ input }) => scheduleAdd(ctx.db, input) });
  define(app, scheduleOps.edit, {
    handler: async ({ input }) => {
      await scheduleEdit(ctx.db, input, uses.edited);
      return null;
    },
  });
  define(app, scheduleOps.delete, {
    handler: async ({ input }) => {
      await scheduleDelete(ctx.db, input.schedule_ids, uses.usedBy);
      return null;
    },
  });
}
