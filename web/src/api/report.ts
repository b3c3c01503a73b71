import {
  reportOps,
  type TAgentUpdates,
  type TAssigneeActivity,
  type TBacklog,
  type TDashboard,
  type TEfficiency,
  type TReportRequest,
  type TRuleUsageReport,
  type TSatisfactionReport,
  type TUnsolvedReport,
} from '@parley/contracts';
import { call } from './call';
import type { TOpts } from './types';

/** The dashboard and report calls (GET, the same filters each). */
export const reportApi = {
  dashboard: (q: TReportRequest, opts?: TOpts): Promise<TDashboard> => call(reportOps.dashboard, q, opts),
  efficiency: (q: TReportRequest, opts?: TOpts): Promise<TEfficiency> => call(reportOps.efficiency, q, opts),
  assignee_activity: (q: TReportRequest, opts?: TOpts): Promise<TAssigneeActivity> =>
    call(reportOps.assigneeActivity, q, opts),
  agent_updates: (q: TReportRequest, opts?: TOpts): Promise<TAgentUpdates> => call(reportOps.agentUpdates, q, opts),
  unsolved: (q: TReportRequest, opts?: TOpts): Promise<TUnsolvedReport> => call(reportOps.unsolved, q, opts),
  backlog: (q: TReportRequest, opts?: TOpts): Promise<TBacklog> => call(reportOps.backlog, q, opts),
  satisfaction: (q: TReportRequest, opts?: TOpts): Promise<TSatisfactionReport> =>
    call(reportOps.satisfaction, q, opts),
  rule_usage: (_q: TReportRequest, opts?: TOpts): Promise<TRuleUsageReport> => call(reportOps.ruleUsage, {}, opts),
};
export type TReportName = keyof typeof reportApi;
