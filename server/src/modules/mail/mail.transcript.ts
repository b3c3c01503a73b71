import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { MailConfig } from './mail.config.js';
import { deliverable, queueMail, ticketFacts } from './mail.facts.js';

/**
 * When a chat ends, the visitor who gave an email gets the conversation by mail (template
 * `chat_transcript`). Anonymous visitors have an `.invalid` address and get nothing. Queued in the
 * chat's own transaction like every notification (docs/decisions/0004-job-queue.md): the mail
 * exists exactly when the end of the chat committed, and is sent by the worker after commit.
 */
export function registerTranscripts(ctx: AppContext, currentConfig: (db: DbOrTx) => Promise<MailConfig | null>): void {
  ctx.events.beforeCommit('chat.ended', async (event, tx) => {
    const config = await currentConfig(tx);
    const t = config && (await ticketFacts(tx, event.ticketId));
    if (!config || !t || t.deleted_ts !== null) {
      return;
    }
    const to = await deliverable(tx, config, [t.requester_email], new Set());
    await queueMail(
      ctx,
      tx,
      config,
      { kind: 'chat_transcript', ticketId: t.ticket_id, commentId: null, to, cc: [] },
      `transcript:${t.ticket_id}`,
    );
  });
}
