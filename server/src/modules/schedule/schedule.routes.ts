import {
  ZEmpty,
  ZScheduleAddRequest,
  ZScheduleAddResponse,
  ZScheduleDeleteRequest,
  ZScheduleEditRequest,
  ZScheduleGetRequest,
  ZScheduleListResponse,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { scheduleAdd, scheduleDelete, scheduleEdit, scheduleGet, scheduleList } from './schedule.service.js';

/** Settings › Schedules: business hours and holidays; the rule editors pick from the list too. */
export function scheduleRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  inUse: (tx: DbOrTx, ids: number[]) => Promise<boolean>,
): void {
  const tags = ['schedules'];
  const base = '/api/admin/settings';
  const readers = access.menu(
    '/wswt/setting/schedule',
    '/wswt/setting/schedule/edit',
    '/wswt/setting/trigger/add',
    '/wswt/setting/trigger/edit',
    '/wswt/setting/automation/add',
    '/wswt/setting/automation/edit',
    '/wswt/setting/sla/add',
    '/wswt/setting/sla/edit',
  );

  defineGet(app, `${base}/schedule.list`, {
    access: readers,
    summary: 'Every schedule with its business hours and holidays, oldest first',
    tags,
    output: ZScheduleListResponse,
    handler: () => scheduleList(ctx.db),
  });

  defineGet(app, `${base}/schedule.get`, {
    access: readers,
    summary: 'One schedule',
    tags,
    input: ZScheduleGetRequest,
    output: ZScheduleListResponse.shape.list.element,
    handler: ({ input }) => scheduleGet(ctx.db, input.schedule_id),
  });

  definePost(app, `${base}/schedule.add`, {
    access: access.btn('schedule.add'),
    summary: 'Add a schedule: a time zone, openings per weekday, holidays',
    tags,
    input: ZScheduleAddRequest,
    output: ZScheduleAddResponse,
    message: 'saved',
    handler: ({ input }) => scheduleAdd(ctx.db, input),
  });

  definePost(app, `${base}/schedule.edit`, {
    access: access.btn('schedule.edit'),
    summary: 'Edit a schedule (rules and SLA targets measure by it from now on)',
    tags,
    input: ZScheduleEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await scheduleEdit(ctx.db, input);
      return null;
    },
  });

  definePost(app, `${base}/schedule.delete`, {
    access: access.btn('schedule.delete'),
    summary: 'Delete schedules; one still used by a trigger, automation or SLA policy is refused',
    tags,
    input: ZScheduleDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
    handler: async ({ input }) => {
      await scheduleDelete(ctx.db, input.schedule_ids, inUse);
      return null;
    },
  });
}
