import {
  ZAutomationAddResponse,
  ZAutomationDeleteRequest,
  ZAutomationDryRunRequest,
  ZAutomationDryRunResponse,
  ZAutomationEditRequest,
  ZAutomationGetRequest,
  ZAutomationInput,
  ZAutomationListResponse,
  ZAutomationOrderRequest,
  ZEmpty,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { invalid } from '../../http/app-error.js';
import { defineGet, definePost } from '../../http/route.js';
import { checkAutomation } from './automation.check.js';
import { automationDryRun, runAutomations } from './automation.run.js';
import { automationDelete, automationGet, automationList, saveAutomation } from './automation.service.js';
import { checkRule } from './rule.check.js';
import { reorder } from './trigger.service.js';

/** The hourly run is one job per hour, keyed by the hour: several servers queue it once. */
export const automationQueue = 'rule-automation-hourly';
const hour = 3_600_000;

export function scheduleNextRun(ctx: AppContext, now = Date.now()) {
  const next = Math.floor(now / hour) * hour + hour;
  return ctx.jobs.send(
    automationQueue,
    { hour: next },
    { key: String(next), startAfterSeconds: Math.ceil((next - now) / 1000) },
  );
}

/** Settings › Automations: hourly rules over the tickets that match, with a dry run. */
export function automationRoutes(app: FastifyInstance, ctx: AppContext): void {
  ctx.jobs.define<{ hour: number }>(automationQueue, {
    attempts: 2,
    retryDelay: 60,
    handler: async () => {
      try {
        const report = await runAutomations(ctx);
        ctx.log.info({ report }, 'automations ran');
      } finally {
        await scheduleNextRun(ctx);
      }
    },
  });
  app.addHook('onReady', async () => {
    await scheduleNextRun(ctx).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'could not queue the automations'),
    );
  });

  const tags = ['automations'];
  const base = '/api/admin/settings';
  const readers = access.menu('/wswt/setting/automation', '/wswt/setting/automation/edit');

  defineGet(app, `${base}/automation.list`, {
    access: readers,
    summary: 'Every automation in the order they run, with uses over 30 days and the latest failure',
    tags,
    output: ZAutomationListResponse,
    handler: () => automationList(ctx.db),
  });

  defineGet(app, `${base}/automation.get`, {
    access: readers,
    summary: 'One automation',
    tags,
    input: ZAutomationGetRequest,
    output: ZAutomationListResponse.shape.list.element,
    handler: ({ input }) => automationGet(ctx.db, input.automation_id),
  });

  definePost(app, `${base}/automation.add`, {
    access: access.btn('automation.add'),
    summary: 'Add an automation: an hours condition, and an action that makes one of its conditions false',
    tags,
    input: ZAutomationInput,
    output: ZAutomationAddResponse,
    message: 'saved',
    handler: async ({ input }) => ({ automation_id: await saveAutomation(ctx.db, input, null) }),
  });

  definePost(app, `${base}/automation.edit`, {
    access: access.btn('automation.edit'),
    summary: 'Edit an automation',
    tags,
    input: ZAutomationEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await saveAutomation(ctx.db, input, input.automation_id);
      return null;
    },
  });

  definePost(app, `${base}/automation.delete`, {
    access: access.btn('automation.delete'),
    summary: 'Delete automations (all or none)',
    tags,
    input: ZAutomationDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
    handler: async ({ input }) => {
      await automationDelete(ctx.db, input.automation_ids);
      return null;
    },
  });

  definePost(app, `${base}/automation.order.edit`, {
    access: access.btn('automation.edit'),
    summary: 'The order automations run in: every automation id once',
    tags,
    input: ZAutomationOrderRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await reorder(ctx.db, 'rule_automation', input.automation_ids);
      return null;
    },
  });

  definePost(app, `${base}/automation.dryrun`, {
    access: access.menu('/wswt/setting/automation/add', '/wswt/setting/automation/edit'),
    summary: 'How many tickets an automation (saved, or a draft) would act on now, and its changes on the first 20',
    tags,
    input: ZAutomationDryRunRequest,
    output: ZAutomationDryRunResponse,
    handler: async ({ input }) => {
      if (input.draft) {
        const actions = await checkRule(ctx.db, 'automation', input.draft.conditions, input.draft.actions);
        checkAutomation(input.draft.conditions, actions);
        return automationDryRun(ctx, { ...input.draft, actions, automation_id: input.automation_id ?? 0 });
      }
      if (input.automation_id === undefined) {
        throw invalid('required_field', 'automation_id');
      }
      const saved = await automationGet(ctx.db, input.automation_id);
      return automationDryRun(ctx, saved);
    },
  });

  /** Tests and the benchmark run it on demand. */
  app.decorate('runAutomations', (now?: number) => runAutomations(ctx, now));
}

declare module 'fastify' {
  interface FastifyInstance {
    runAutomations: (now?: number) => ReturnType<typeof runAutomations>;
  }
}
