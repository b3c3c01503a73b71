import {
  type TAgentUpdates,
  type TAssigneeActivity,
  type TBacklog,
  type TDashboard,
  type TEfficiency,
  type TReportRequest,
  type TRuleUsageReport,
  type TSatisfactionReport,
  type TUnsolvedReport,
  ZAgentUpdates,
  ZAssigneeActivity,
  ZBacklog,
  ZDashboard,
  ZEfficiency,
  ZRuleUsageReport,
  ZSatisfactionReport,
  ZUnsolvedReport,
} from '@parley/contracts';
import { api } from './instance';
import type { TOpts } from './types';

/** The dashboard and report calls (GET, the same filters each). */
export const reportApi = {
  dashboard: (q: TReportRequest, opts?: TOpts): Promise<TDashboard> =>
    api.get('/admin/report.dashboard.get', q, { ...opts, schema: ZDashboard }),
  efficiency: (q: TReportRequest, opts?: TOpts): Promise<TEfficiency> =>
    api.get('/admin/report.efficiency.get', q, { ...opts, schema: ZEfficiency }),
  assignee_activity: (q: TReportRequest, opts?: TOpts): Promise<TAssigneeActivity> =>
    api.get('/admin/report.assignee.activity.get', q, { ...opts, schema: ZAssigneeActivity }),
  agent_updates: (q: TReportRequest, opts?: TOpts): Promise<TAgentUpdates> =>
    api.get('/admin/report.agent.updates.get', q, { ...opts, schema: ZAgentUpdates }),
  unsolved: (q: TReportRequest, opts?: TOpts): Promise<TUnsolvedReport> =>
    api.get('/admin/report.unsolved.get', q, { ...opts, schema: ZUnsolvedReport }),
  backlog: (q: TReportRequest, opts?: TOpts): Promise<TBacklog> =>
    api.get('/admin/report.backlog.get', q, { ...opts, schema: ZBacklog }),
  satisfaction: (q: TReportRequest, opts?: TOpts): Promise<TSatisfactionReport> =>
    api.get('/admin/report.satisfaction.get', q, { ...opts, schema: ZSatisfactionReport }),
  rule_usage: (_q: TReportRequest, opts?: TOpts): Promise<TRuleUsageReport> =>
    api.get('/admin/report.rule.usage.get', {}, { ...opts, schema: ZRuleUsageReport }),
};
export type TReportName = keyof typeof reportApi;
