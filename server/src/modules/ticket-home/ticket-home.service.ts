import type { TLanguage, ZHomeTicketAddRequest } from '@parley/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { transact } from '../../events/transact.js';
import { invalid } from '../../http/app-error.js';
import { isBanned } from '../banned/banned.service.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { insertRequesterTicket } from '../ticket/ticket.create.js';
import { planComment } from '../ticket/ticket.rules.js';
import { customerFieldValues, loadFieldScope } from '../ticket-field/field-values.js';

type Input = z.output<typeof ZHomeTicketAddRequest>;

/**
 * A visitor's ticket from the public form, or a message left in the chat widget. Refused for a
 * banned IP, email or domain, for a suspended requester, and past the per-IP rate limit. The
 * requester is found or made by email (an end user of the organization that holds the domain);
 * the ticket waits, unassigned, in the default group. A chat message, like an email, has no form:
 * no field applies and none is required (the widget has none to show).
 */
export async function homeTicketAdd(ctx: AppContext, input: Input, ip: string, lang?: TLanguage) {
  const { db } = ctx;
  const now = Date.now();
  await ctx.limits.publicHit('ticket', ip, 'too_many_submissions');
  if (await isBanned(db, { email: input.email, ip })) {
    throw invalid('submission_refused');
  }
  const settings = await getTicketSettings(db);
  const formless = input.source === 'chat';
  if (formless && input.form_id) {
    throw invalid('field_invalid', 'form_id');
  }
  const [fieldGiven] = Object.keys(input.fields);
  if (formless && fieldGiven) {
    throw invalid('field_unknown', fieldGiven);
  }
  const fieldScope = formless ? undefined : await loadFieldScope(db, input.form_id);
  if (input.form_id && fieldScope?.form?.formState !== 'active') {
    throw invalid('form_inactive', 'form_id');
  }
  const fields = fieldScope ? customerFieldValues(fieldScope, input.fields) : {};
  const comment = planComment(
    null,
    settings,
    { body: input.description, is_public: true, file_ids: input.file_ids },
    'text',
  );
  return transact(ctx, async (tx) => {
    const { ticketId } = await insertRequesterTicket(
      tx,
      settings,
      {
        email: input.email,
        realName: input.real_name,
        subject: input.subject,
        source: input.source,
        language: lang,
        comment,
        fields,
        formId: fieldScope?.form?.formId ?? null,
        fieldScope,
      },
      now,
    );
    return { ticket_id: ticketId };
  });
}
