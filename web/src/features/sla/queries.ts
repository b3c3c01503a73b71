import { useQuery } from '@tanstack/react-query';
import { slaApi } from '../../api/rule';

export const slaPaths = {
  list: '/wswt/setting/sla',
  add: '/wswt/setting/sla/add',
  edit: '/wswt/setting/sla/edit',
};

export const slaKeys = { policies: ['sla', 'policy'] as const, ticket: (id: number) => ['sla', 'ticket', id] as const };

export function useSlaPolicies() {
  return useQuery({ queryKey: slaKeys.policies, queryFn: ({ signal }) => slaApi.list({ signal }) });
}
