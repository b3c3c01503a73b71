import { reportOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { assertIdsExist } from '../../db/exists.js';
import { define } from '../../http/route.js';
import type { Actor } from '../auth/actor.js';
import { ruleUsage } from './report.rules.js';
import {
  agentUpdates,
  assigneeActivity,
  backlog,
  dashboard,
  efficiency,
  type ReportInput,
  satisfactionReport,
  unsolvedReport,
} from './report.service.js';

type Report<T> = (db: Db, actor: Actor, input: ReportInput) => Promise<T>;

/** A report's handler: unknown group or agent ids are refused (FFFF naming the field), as ticket.list does. */
const run =
  <T>(ctx: AppContext, report: Report<T>) =>
  async ({ actor, input }: { actor: Actor; input: ReportInput }) => {
    await assertIdsExist(ctx.db, {
      group_id: { kind: 'group', id: input.group_id },
      assignee_id: { kind: 'account', id: input.assignee_id },
    });
    return report(ctx.db, actor, input);
  };

/** The dashboard and each report: read by whoever holds its screen's menu node, over the tickets they may see. */
export function reportRoutes(app: FastifyInstance, ctx: AppContext): void {
  define(app, reportOps.dashboard, { handler: run(ctx, dashboard) });
  define(app, reportOps.efficiency, { handler: run(ctx, efficiency) });
  define(app, reportOps.assigneeActivity, { handler: run(ctx, assigneeActivity) });
  define(app, reportOps.agentUpdates, { handler: run(ctx, agentUpdates) });
  define(app, reportOps.unsolved, { handler: run(ctx, unsolvedReport) });
  define(app, reportOps.backlog, { handler: run(ctx, backlog) });
  define(app, reportOps.satisfaction, { handler: run(ctx, satisfactionReport) });
  define(app, reportOps.ruleUsage, { handler: () => ruleUsage(ctx.db) });
}
