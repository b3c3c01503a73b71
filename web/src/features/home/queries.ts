import type { THomeTicketFormResponse, TSatisfactionGetResponse } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { homeApi } from '../../api/home';

export const homeKeys = {
  satisfaction: (token: string) => ['home', 'satisfaction', token] as const,
  ticketForm: (formId?: number) => ['home', 'ticket-form', formId ?? 0] as const,
};

/**
 * What the public form offers: attachments, the forms to choose from and the chosen form's fields
 * (the default form when none is chosen); while it loads (or if it fails) attachments stay
 * offered, no fields are asked, and the server still decides.
 */
export function useTicketForm(formId?: number) {
  return useQuery<THomeTicketFormResponse>({
    queryKey: homeKeys.ticketForm(formId),
    queryFn: ({ signal }) => homeApi.ticketForm(formId, { silent: true, signal }),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
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
