import type { THomeTicketFormResponse, TSatisfactionGetResponse } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { homeApi } from '../../api/home';

export const homeKeys = {
  satisfaction: (token: string) => ['home', 'satisfaction', token] as const,
  ticketForm: ['home', 'ticket-form'] as const,
};

/** What the public form offers; while it loads (or if it fails) attachments stay offered, and the server still decides. */
export function useTicketForm() {
  return useQuery<THomeTicketFormResponse>({
    queryKey: homeKeys.ticketForm,
    queryFn: ({ signal }) => homeApi.ticketForm({ silent: true, signal }),
    staleTime: 60_000,
  });
}

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
