import { ErrorCode, type TTriggerDryRunResponse } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { ActorContext as Ctx } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { transact } from '../../events/transact.js';
import { AppError } from '../../http/app-error.js';
import { visibleTicket } from '../ticket/ticket.service.js';
import { actorTypeOf, commentOf, type RuleChange } from './rule.facts.js';
import { activeTriggers, claimPass, type PassEntry, runPass } from './trigger.engine.js';
import { type DryRunInput, triggerSave } from './trigger.service.js';

class DryRunDone extends Error {
  constructor(readonly result: TTriggerDryRunResponse) {
    super('dry run');
  }
}

/** The change a dry run pretends: the ticket's creation by its requester, or an update by the caller. */
async function pretendChange(tx: Tx, ctx: Ctx, ticketId: number, requesterId: number, type: 'created' | 'updated') {
  const [comment] = await queryRows<{ comment_id: number }>(
    tx,
    type === 'created'
      ? sql`SELECT comment_id FROM ticket_comment WHERE ticket_id = ${ticketId} ORDER BY comment_id LIMIT 1`
      : sql`SELECT comment_id FROM ticket_comment WHERE ticket_id = ${ticketId} ORDER BY comment_id DESC LIMIT 1`,
  );
  const actorId = type === 'created' ? requesterId : ctx.actor.account.accountId;
  const change: RuleChange = {
    updateType: type,
    actorId,
    actorType: await actorTypeOf(tx, actorId),
    changes: new Map(type === 'created' ? [['created', { old: null, new: true }]] : []),
    comment: await commentOf(tx, comment ? Number(comment.comment_id) : null),
  };
  return change;
}

/**
 * Which triggers would fire on a ticket's creation or update, which conditions held, and what
 * each would change: the real pass in a transaction that is rolled back, so nothing changes,
 * no mail is queued and no webhook called. A draft runs in place of its saved version.
 */
export async function triggerDryRun(ctx: Ctx, input: DryRunInput): Promise<TTriggerDryRunResponse> {
  const row = await visibleTicket(ctx.db, ctx.actor, input.ticket_id).catch((error: unknown) => {
    // Says which ticket, not a bare "Not found": the editor shows it beside the id typed.
    throw error instanceof AppError && error.code === ErrorCode.notFound
      ? new AppError(ErrorCode.notFound, 'dry_run_no_ticket', undefined, undefined, { id: String(input.ticket_id) })
      : error;
  });
  try {
    await transact(ctx, async (tx) => {
      claimPass(tx, row.ticketId);
      if (input.draft) {
        await triggerSave(tx, input.draft, input.draft.trigger_id);
      }
      const report = new Map<number, PassEntry>();
      const change = await pretendChange(tx, ctx, row.ticketId, row.requesterId, input.update_type);
      const triggers = await activeTriggers(tx);
      await runPass(ctx, tx, row.ticketId, change, report, triggers);
      const list = triggers.map((t) => report.get(t.id)).filter((e): e is PassEntry => e !== undefined);
      throw new DryRunDone({ list });
    });
  } catch (error) {
    if (error instanceof DryRunDone) {
      return error.result;
    }
    throw error;
  }
  return { list: [] };
}
