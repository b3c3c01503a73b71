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
    const agentGroups = new Map((agents.data ?? []).map((a) => [a.account_id, a.group_ids]));
    // Until the agents are known, every agent fits: nothing is taken away on a guess.
    const fitsGroup = (groupId: number | null, agentId: number) =>
      groupId === null || !agents.data || (agentGroups.get(agentId)?.includes(groupId) ?? false);
    const agentOptions = (agents.data ?? []).map((a) => ({
      value: a.account_id,
      label: a.alias_name || a.real_name || a.email,
    }));
    return {
      agent: (id: number | null) => (id === null ? null : (agentNames.get(id) ?? `#${id}`)),
      group: (id: number | null) => (id === null ? null : (groupNames.get(id) ?? `#${id}`)),
      agentOptions,
      groupOptions: (groups.data ?? []).map((g) => ({ value: g.group_id, label: text(g.group_name) })),
      /**
       * The agents offered as a ticket's assignee while `groupId` is its group: the group's members
       * (every agent when no group is chosen), and `keep`, the assignee it has now, whatever its groups.
       */
      assigneeOptions: (groupId: number | null, keep: number | null) =>
        agentOptions.filter((o) => o.value === keep || fitsGroup(groupId, o.value)),
      /**
       * The assignee a ticket keeps when its group becomes `groupId`: the same agent if a member of
       * it, else none, so that the new group's agents see the ticket as theirs to take (as Zendesk).
       */
      assigneeInGroup: (groupId: number | null, assigneeId: number | null) =>
        assigneeId !== null && !fitsGroup(groupId, assigneeId) ? null : assigneeId,
      loading: agents.isPending || groups.isPending,
    };
  }, [agents.data, agents.isPending, groups.data, groups.isPending, text]);
}
