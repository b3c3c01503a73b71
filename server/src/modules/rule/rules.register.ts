import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { MailChannel } from '../mail/mail.service.js';
import { scheduleRoutes } from '../schedule/schedule.routes.js';
import { slaScheduleEdited } from '../sla/sla.recompute.js';
import { slaRoutes } from '../sla/sla.routes.js';
import { automationRoutes } from './automation.routes.js';
import { scheduleUsers } from './rule.check.js';
import { useMailConfig } from './rule.notify.js';
import { registerUsage } from './rule.usage.js';
import { deliverWebhook, type WebhookJob, webhookQueue } from './rule.webhook.js';
import { registerTriggers } from './trigger.engine.js';
import { triggerRoutes } from './trigger.routes.js';

/** Business rules (#18): schedules, triggers, automations, usage, webhooks. */
export function rulesRoutes(app: FastifyInstance, ctx: AppContext, mail: MailChannel): void {
  useMailConfig((db) => mail.config(db));
  ctx.jobs.define<WebhookJob>(webhookQueue, {
    attempts: 3,
    retryDelay: 30,
    handler: (job) => deliverWebhook(ctx, job),
  });
  registerTriggers(ctx);
  registerUsage(ctx);
  scheduleRoutes(app, ctx, { usedBy: scheduleUsers, edited: slaScheduleEdited(ctx) });
  triggerRoutes(app, ctx);
  automationRoutes(app, ctx);
  slaRoutes(app, ctx);
}
