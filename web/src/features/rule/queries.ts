import { useQuery } from '@tanstack/react-query';
import { accountApi } from '../../api/account';
import { groupApi } from '../../api/group';
import { automationApi, triggerApi } from '../../api/rule';
import { pickerSilent } from '../../api/types';
import { settingPaths } from '../../routes/staffPath';

export const triggerPaths = settingPaths('trigger');
export const automationPaths = settingPaths('automation');

export const ruleKeys = {
  triggers: ['rule', 'trigger'] as const,
  automations: ['rule', 'automation'] as const,
};

export function useTriggers() {
  return useQuery({ queryKey: ruleKeys.triggers, queryFn: ({ signal }) => triggerApi.list({ signal }) });
}

export function useAutomations() {
  return useQuery({ queryKey: ruleKeys.automations, queryFn: ({ signal }) => automationApi.list({ signal }) });
}

/** Groups and agents for the pickers of conditions and actions. */
export function usePeoplePickers() {
  const groups = useQuery({
    queryKey: ['rule', 'groups'],
    queryFn: ({ signal }) => groupApi.list({ limit: 100 }, { signal, silent: pickerSilent }),
  });
  const agents = useQuery({
    queryKey: ['rule', 'agents'],
    queryFn: ({ signal }) => accountApi.agents(true, { signal, silent: pickerSilent }),
  });
  return {
    groups: (groups.data?.list ?? []).map((g) => ({ value: g.group_id, label: g.group_name })),
    agents: (agents.data?.list ?? []).map((a) => ({ value: a.account_id, label: a.real_name || a.email })),
  };
}
