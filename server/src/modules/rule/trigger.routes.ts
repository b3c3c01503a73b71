import {
  ZEmpty,
  ZTriggerAddResponse,
  ZTriggerCategoryAddResponse,
  ZTriggerCategoryDeleteRequest,
  ZTriggerCategoryEditRequest,
  ZTriggerCategoryInput,
  ZTriggerDeleteRequest,
  ZTriggerDryRunRequest,
  ZTriggerDryRunResponse,
  ZTriggerEditRequest,
  ZTriggerGetRequest,
  ZTriggerInput,
  ZTriggerListResponse,
  ZTriggerOrderRequest,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { triggerDryRun } from './trigger.dryrun.js';
import {
  categoryAdd,
  categoryDelete,
  categoryEdit,
  reorder,
  saveTrigger,
  triggerDelete,
  triggerGet,
  triggerList,
} from './trigger.service.js';

/** Settings › Triggers: ordered rules that act on every ticket change, with categories and a dry run. */
export function triggerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['triggers'];
  const base = '/api/admin/settings';
  const readers = access.menu('/wswt/setting/trigger', '/wswt/setting/trigger/edit');
  const editors = access.menu('/wswt/setting/trigger/add', '/wswt/setting/trigger/edit');

  defineGet(app, `${base}/trigger.list`, {
    access: readers,
    summary: 'Every trigger in the order they run, with uses over 30 days and the latest failure; the categories',
    tags,
    output: ZTriggerListResponse,
    handler: () => triggerList(ctx.db),
  });

  defineGet(app, `${base}/trigger.get`, {
    access: readers,
    summary: 'One trigger',
    tags,
    input: ZTriggerGetRequest,
    output: ZTriggerListResponse.shape.list.element,
    handler: ({ input }) => triggerGet(ctx.db, input.trigger_id),
  });

  definePost(app, `${base}/trigger.add`, {
    access: access.btn('trigger.add'),
    summary: 'Add a trigger (it runs after the others); a webhook without a secret gets one',
    tags,
    input: ZTriggerInput,
    output: ZTriggerAddResponse,
    message: 'saved',
    handler: async ({ input }) => ({ trigger_id: await saveTrigger(ctx.db, input, null) }),
  });

  definePost(app, `${base}/trigger.edit`, {
    access: access.btn('trigger.edit'),
    summary: 'Edit a trigger',
    tags,
    input: ZTriggerEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await saveTrigger(ctx.db, input, input.trigger_id);
      return null;
    },
  });

  definePost(app, `${base}/trigger.delete`, {
    access: access.btn('trigger.delete'),
    summary: 'Delete triggers (all or none)',
    tags,
    input: ZTriggerDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
    handler: async ({ input }) => {
      await triggerDelete(ctx.db, input.trigger_ids);
      return null;
    },
  });

  definePost(app, `${base}/trigger.order.edit`, {
    access: access.btn('trigger.edit'),
    summary: 'The order triggers run in: every trigger id once, first runs first',
    tags,
    input: ZTriggerOrderRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await reorder(ctx.db, 'rule_trigger', input.trigger_ids);
      return null;
    },
  });

  definePost(app, `${base}/trigger.category.add`, {
    access: access.btn('trigger.edit'),
    summary: 'Add a trigger category',
    tags,
    input: ZTriggerCategoryInput,
    output: ZTriggerCategoryAddResponse,
    message: 'saved',
    handler: ({ input }) => categoryAdd(ctx.db, input.name),
  });

  definePost(app, `${base}/trigger.category.edit`, {
    access: access.btn('trigger.edit'),
    summary: 'Rename a trigger category',
    tags,
    input: ZTriggerCategoryEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await categoryEdit(ctx.db, input.category_id, input.name);
      return null;
    },
  });

  definePost(app, `${base}/trigger.category.delete`, {
    access: access.btn('trigger.edit'),
    summary: 'Delete a trigger category; its triggers stay, uncategorized',
    tags,
    input: ZTriggerCategoryDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
    handler: async ({ input }) => {
      await categoryDelete(ctx.db, input.category_id);
      return null;
    },
  });

  definePost(app, `${base}/trigger.dryrun`, {
    access: editors,
    summary: 'Which triggers would fire on a ticket, why, and what they would change; nothing is changed',
    tags,
    input: ZTriggerDryRunRequest,
    output: ZTriggerDryRunResponse,
    handler: ({ input, actor }) => triggerDryRun({ ...ctx, actor }, input),
  });
}
