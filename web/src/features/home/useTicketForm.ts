import type { THomeTicketFormResponse } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { homeFormApi } from '../../api/homeForm';
import { homeKeys } from './queries';

/**
 * What the public form offers: attachments, the forms to choose from and the chosen form's fields
 * (the default form when none is chosen); while it loads (or if it fails) attachments stay
 * offered, no fields are asked, and the server still decides.
 */
export function useTicketForm(formId?: number) {
  return useQuery<THomeTicketFormResponse>({
    queryKey: homeKeys.ticketForm(formId),
    queryFn: ({ signal }) => homeFormApi.ticketForm(formId, { silent: true, signal }),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}
