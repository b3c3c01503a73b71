import { noInput, op } from '../op.js';
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
} from '../report.js';

const base = '/api/admin';
const tags = ['reports'];

/** The dashboard and each report: read by whoever holds its screen's menu node, over the tickets they may see. */
export const reportOps = {
  dashboard: op({
    method: 'GET',
    path: `${base}/report.dashboard.get`,
    access: { menu: '/wswt/dashboard' },
    summary: 'Dashboard: created, solved and unsolved over the range, my tickets, satisfaction, chats now',
    tags,
    input: ZReportRequest,
    output: ZDashboard,
  }),
  efficiency: op({
    method: 'GET',
    path: `${base}/report.efficiency.get`,
    access: { menu: '/wswt/report/efficiency' },
    summary: 'First reply, full resolution and requester wait in the spec brackets, with medians',
    tags,
    input: ZReportRequest,
    output: ZEfficiency,
  }),
  assigneeActivity: op({
    method: 'GET',
    path: `${base}/report.assignee.activity.get`,
    access: { menu: '/wswt/report/assignee_activity' },
    summary: 'Per agent: tickets assigned, solved, public replies and median first reply',
    tags,
    input: ZReportRequest,
    output: ZAssigneeActivity,
  }),
  agentUpdates: op({
    method: 'GET',
    path: `${base}/report.agent.updates.get`,
    access: { menu: '/wswt/report/agent_updates' },
    summary: 'Ticket updates per agent per day (hour, week or month by range)',
    tags,
    input: ZReportRequest,
    output: ZAgentUpdates,
  }),
  unsolved: op({
    method: 'GET',
    path: `${base}/report.unsolved.get`,
    access: { menu: '/wswt/report/unsolved' },
    summary: 'Unsolved tickets now by state, priority, group and age',
    tags,
    input: ZReportRequest,
    output: ZUnsolvedReport,
  }),
  backlog: op({
    method: 'GET',
    path: `${base}/report.backlog.get`,
    access: { menu: '/wswt/report/backlog' },
    summary: 'Created, solved and open at the end of each of the last 30 days and 12 weeks',
    tags,
    input: ZReportRequest,
    output: ZBacklog,
  }),
  satisfaction: op({
    method: 'GET',
    path: `${base}/report.satisfaction.get`,
    access: { menu: '/wswt/report/satisfaction' },
    summary: 'Satisfaction (good, bad, offered) of tickets solved in the range, by agent and by group',
    tags,
    input: ZReportRequest,
    output: ZSatisfactionReport,
  }),
  ruleUsage: op({
    method: 'GET',
    path: `${base}/report.rule.usage.get`,
    access: { menu: '/wswt/report/rule_usage' },
    summary: 'Each trigger and automation with its uses per UTC day over the last 30 days',
    tags,
    input: noInput,
    output: ZRuleUsageReport,
  }),
};
