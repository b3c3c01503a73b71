import { type THomeTicketFormResponse, ZHomeTicketFormResponse } from '@parley/contracts';
import { api } from './instance';
import type { TOpts } from './types';

/**
 * What the public form at `/` offers (attachments, the forms, the chosen form's fields). Apart
 * from `homeApi`: only the public form needs the ticket field shapes.
 */
export const homeFormApi = {
  ticketForm: (formId: number | undefined, opts?: TOpts): Promise<THomeTicketFormResponse> =>
    api.get('/home/ticket.form.get', formId ? { form_id: formId } : undefined, {
      ...opts,
      schema: ZHomeTicketFormResponse,
    }),
};
