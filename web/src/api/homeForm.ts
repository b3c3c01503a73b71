import type { THomeTicketFormResponse } from '@parley/contracts';
import { api } from './instance';
import { shape } from './shape';
import type { TOpts } from './types';

/**
 * What the public form at `/` offers (attachments, the forms, the chosen form's fields). Checked
 * lightly (api/shape.ts) like the other public calls: the public form loads no zod.
 */
export const homeFormApi = {
  ticketForm: (formId: number | undefined, opts?: TOpts): Promise<THomeTicketFormResponse> =>
    api.get('/home/ticket.form.get', formId ? { form_id: formId } : undefined, {
      ...opts,
      schema: shape<THomeTicketFormResponse>({ can_attach: 'boolean', forms: 'array', form: 'object|null' }),
    }),
};
