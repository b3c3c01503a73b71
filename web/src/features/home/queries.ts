import type { TSatisfactionGetResponse } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { homeApi } from '../../api/home';

export const homeKeys = {
  satisfaction: (token: string) => ['home', 'satisfaction', token] as const,
  ticketForm: (formId?: number) => ['home', 'ticket-form', formId ?? 0] as const,
};

/**
 * The ticket a survey link is for. Silent: an unknown token (0404) is this page's own
 * "link does not work" answer, not the app's not-found page.
 */
export function useSatisfaction(token: string | null) {
  return useQuery<TSatisfactionGetResponse>({
    queryKey: homeKeys.satisfaction(token ?? ''),
    queryFn: ({ signal }) => homeApi.satisfactionGet(token ?? '', { silent: true, signal }),
    enabled: token !== null,
  });
}
