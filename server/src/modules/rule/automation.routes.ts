import { automationOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { invalid } from '../../http/app-error.js';
import { define } from '../../http/route.js';
import { checkAutomation } from './automation.check.js';
import { automationDryRun, runAutomations } from './automation.run.js';
import { automationDelete, automationGet, automationList, automationSave } from './automation.service.js';
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

  define(app, automationOps.list, { handler: () => automationList(ctx.db) });
  define(app, automationOps.get, { handler: ({ input }) => automationGet(ctx.db, input.automation_id) });
  define(app, automationOps.add, {
    handler: async ({ input }) => ({ automation_id: await automationSave(ctx.db, input, null) }),
  });
  define(app, automationOps.edit, {
    handler: async ({ input }) => {
      await automationSave(ctx.db, input, input.automation_id);
      return null;
    },
  });
  define(app, automationOps.delete, {
    handler: async ({ input }) => {
      await automationDelete(ctx.db, input.automation_ids);
      return null;
    },
  });
  define(app, automationOps.orderEdit, {
    handler: async ({ input }) => {
      await reorder(ctx.db, 'rule_automation', input.automation_ids);
      return null;
    },
  });
  define(app, automationOps.dryRun, {
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
  app.decorate('runAutomations', (now?: number, options?: { perTicket?: boolean }) =>
    runAutomations(ctx, now, options),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    runAutomations: (now?: number, options?: { perTicket?: boolean }) => ReturnType<typeof runAutomations>;
  }
}
