import type { THomeTicketFormResponse } from '@parley/contracts';
import { homeCall } from './homeCall';
import type { TOpts } from './types';

/**
 * What the public form at `/` offers (attachments, the forms, the chosen form's fields). Checked
 * lightly (api/homeGuards.ts) like the other public calls: the public form loads no zod.
 */
export const homeFormApi = {
  ticketForm: (formId: number | undefined, opts?: TOpts): Promise<THomeTicketFormResponse> =>
    homeCall('ticketForm', formId ? { form_id: formId } : {}, opts),
};
