import { useQuery } from '@tanstack/react-query';
import { slaApi } from '../../api/rule';
import { settingPaths } from '../../routes/staffPath';

export const slaPaths = settingPaths('sla');

export const slaKeys = { policies: ['sla', 'policy'] as const, ticket: (id: number) => ['sla', 'ticket', id] as const };

export function useSlaPolicies() {
  return useQuery({ queryKey: slaKeys.policies, queryFn: ({ signal }) => slaApi.list({ signal }) });
}
