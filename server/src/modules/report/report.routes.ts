import {
  ZAgentUpdates,
  ZAssigneeActivity,
  ZBacklog,
  ZDashboard,
  ZEfficiency,
  ZReportRequest,
  ZRuleUsageReport,
  ZSatisfactionReport,
  ZUnsolvedReport,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { assertIdsExist } from '../../db/exists.js';
import { access } from '../../http/access.js';
import { defineGet } from '../../http/route.js';
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
  const tags = ['reports'];
  const base = '/api/admin';
  defineGet(app, `${base}/report.dashboard.get`, {
    access: access.menu('/wswt/dashboard'),
    summary: 'Dashboard: created, solved and unsolved over the range, my tickets, satisfaction, chats now',
    tags,
    input: ZReportRequest,
    output: ZDashboard,
    handler: run(ctx, dashboard),
  });
  defineGet(app, `${base}/report.efficiency.get`, {
    access: access.menu('/wswt/report/efficiency'),
    summary: 'First reply, full resolution and requester wait in the spec brackets, with medians',
    tags,
    input: ZReportRequest,
    output: ZEfficiency,
    handler: run(ctx, efficiency),
  });
  defineGet(app, `${base}/report.assignee.activity.get`, {
    access: access.menu('/wswt/report/assignee_activity'),
    summary: 'Per agent: tickets assigned, solved, public replies and median first reply',
    tags,
    input: ZReportRequest,
    output: ZAssigneeActivity,
    handler: run(ctx, assigneeActivity),
  });
  defineGet(app, `${base}/report.agent.updates.get`, {
    access: access.menu('/wswt/report/agent_updates'),
    summary: 'Ticket updates per agent per day (hour, week or month by range)',
    tags,
    input: ZReportRequest,
    output: ZAgentUpdates,
    handler: run(ctx, agentUpdates),
  });
  defineGet(app, `${base}/report.unsolved.get`, {
    access: access.menu('/wswt/report/unsolved'),
    summary: 'Unsolved tickets now by state, priority, group and age',
    tags,
    input: ZReportRequest,
    output: ZUnsolvedReport,
    handler: run(ctx, unsolvedReport),
  });
  defineGet(app, `${base}/report.backlog.get`, {
    access: access.menu('/wswt/report/backlog'),
    summary: 'Created, solved and open at the end of each of the last 30 days and 12 weeks',
    tags,
    input: ZReportRequest,
    output: ZBacklog,
    handler: run(ctx, backlog),
  });
  defineGet(app, `${base}/report.satisfaction.get`, {
    access: access.menu('/wswt/report/satisfaction'),
    summary: 'Satisfaction (good, bad, offered) of tickets solved in the range, by agent and by group',
    tags,
    input: ZReportRequest,
    output: ZSatisfactionReport,
    handler: run(ctx, satisfactionReport),
  });
  defineGet(app, `${base}/report.rule.usage.get`, {
    access: access.menu('/wswt/report/rule_usage'),
    summary: 'Each trigger and automation with its uses per UTC day over the last 30 days',
    tags,
    output: ZRuleUsageReport,
    handler: () => ruleUsage(ctx.db),
  });
}
