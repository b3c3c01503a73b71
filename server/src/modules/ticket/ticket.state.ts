import type { TSubmitAs, TTicketSetting, TTicketState } from '@parley/contracts';
import type { Tx } from '../../db/client.js';
import { invalid } from '../../http/app-error.js';
import type { Actor } from '../auth/actor.js';
import { mayCloseTickets } from './ticket.policy.js';
import { claimAttachments, type EventInput } from './ticket.repo.js';
import { type CommentPlan, newSatisfactionToken } from './ticket.rules.js';

interface StateChange {
  state: TTicketState;
  solvedTs: number | null;
  satisfactionToken: string | null;
  events: EventInput[];
}

/** Entering `solved` stamps the time and, with scoring allowed, offers the survey once. */
export function enterState(
  settings: TTicketSetting,
  from: { state: TTicketState | null; solvedTs: number | null; satisfactionToken: string | null },
  to: TTicketState,
  now: number,
): StateChange {
  const change: StateChange = {
    state: to,
    solvedTs: from.solvedTs,
    satisfactionToken: from.satisfactionToken,
    events: [],
  };
  if (from.state === to) {
    return change;
  }
  change.events.push({ field: 'ticket_state', old: from.state, new: to });
  if (to === 'solved' || (to === 'closed' && from.state !== 'solved')) {
    change.solvedTs = now;
  }
  if ((to === 'solved' || to === 'closed') && settings.allow_score && !from.satisfactionToken) {
    change.satisfactionToken = newSatisfactionToken();
    change.events.push({ field: 'satisfaction_offered', new: true });
  }
  return change;
}

export function checkSubmitAs(actor: Actor | null, submitAs: TSubmitAs | undefined) {
  if (submitAs === 'closed' && actor && !mayCloseTickets(actor)) {
    throw invalid('cannot_close_ticket', 'submit_as');
  }
}

export async function attach(tx: Tx, plan: CommentPlan, ticketId: number, commentId: number) {
  if (
    (await claimAttachments(tx, plan.fileIds, ticketId, commentId, plan.uploaderId ?? null)) !== plan.fileIds.length
  ) {
    throw invalid('attachment_invalid', 'file_ids');
  }
}
