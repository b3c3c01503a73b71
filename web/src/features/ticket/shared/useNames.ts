import { useMemo } from 'react';
import { useSeeded } from '../../../i18n/seeded';
import { useAgents } from '../../../pickers/accountQueries';
import { useAllGroups } from '../../group/queries';

/** Agents' and groups' names by id (ticket rows carry ids only), and the pickers' options. */
export function useStaffNames() {
  const agents = useAgents();
  const groups = useAllGroups();
  const { text } = useSeeded();
  return useMemo(() => {
    const agentNames = new Map((agents.data ?? []).map((a) => [a.account_id, a.alias_name || a.real_name || a.email]));
    const groupNames = new Map((groups.data ?? []).map((g) => [g.group_id, text(g.group_name)]));
    return {
      agent: (id: number | null) => (id === null ? null : (agentNames.get(id) ?? `#${id}`)),
      group: (id: number | null) => (id === null ? null : (groupNames.get(id) ?? `#${id}`)),
      agentOptions: (agents.data ?? []).map((a) => ({
        value: a.account_id,
        label: a.alias_name || a.real_name || a.email,
      })),
      groupOptions: (groups.data ?? []).map((g) => ({ value: g.group_id, label: text(g.group_name) })),
      loading: agents.isPending || groups.isPending,
    };
  }, [agents.data, agents.isPending, groups.data, groups.isPending, text]);
}
