import type { TLanguage } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext, ActorContext as Ctx } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { emit, transact } from '../../events/transact.js';
import { invalid, notFound } from '../../http/app-error.js';
import type { Actor } from '../auth/actor.js';
import { findAccountWithLinks } from '../auth/session.repo.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { applyChange } from '../ticket/ticket.edit.js';
import { maySeeTicket, viewerOf } from '../ticket/ticket.policy.js';
import type { TicketRow } from '../ticket/ticket.repo.js';
import { visibleTicket } from '../ticket/ticket.service.js';
import { addMessage, endChat, lockChat, type MessageInput } from './chat.message.js';
import { findSummary, listMessages, messageByClientId, queueRows, sessionByTicket } from './chat.repo.js';

/** The agent's side of a chat: accept (one wins), routing's auto-assign, messages, transfer, end, the queue. */
function assertTakesChats(actor: Actor) {
  if (!actor.account.toolAccess.includes('chat')) {
    throw invalid('chat_tool_access');
  }
}

/** A chat ticket the agent may see, locked; 0404 for anything else. */
async function lockVisibleChat(tx: Tx, actor: Actor, ticketId: number) {
  const row = await visibleTicket(tx, actor, ticketId, true);
  const session = await sessionByTicket(tx, ticketId);
  if (!session || row.deletedTs !== null) {
    throw notFound();
  }
  return { row, session };
}

/** One accept wins: the session row changes only while nobody holds it, under the ticket's lock. */
export async function chatAccept(ctx: Ctx, ticketId: number) {
  const { actor } = ctx;
  assertTakesChats(actor);
  await transact(ctx, async (tx) => {
    const { row, session } = await lockVisibleChat(tx, actor, ticketId);
    if (session.endedTs !== null) {
      throw invalid('chat_ended');
    }
    if (session.acceptedBy === actor.account.accountId) {
      return;
    }
    if (session.acceptedBy !== null) {
      throw invalid('chat_taken');
    }
    await takeChat(tx, actor, row, actor.account.accountId);
  });
}

/** `actorId`: the agent accepting it themself, or null (routing's auto-assign). */
async function takeChat(tx: Tx, agent: Actor, row: TicketRow, actorId: number | null) {
  const settings = await getTicketSettings(tx);
  await applyChange(tx, agent, settings, row, { assignee_id: agent.account.accountId }, Date.now());
  const now = Date.now();
  await tx.execute(
    sql`UPDATE chat_session SET accepted_by = ${agent.account.accountId}, accepted_ts = ${now}, waiting_ts = NULL
      WHERE ticket_id = ${row.ticketId}`,
  );
  emit(tx, {
    type: 'chat.accepted',
    ticketId: row.ticketId,
    accountId: agent.account.accountId,
    agentName: agent.account.aliasName || agent.account.realName,
    previousId: null,
    actorId,
  });
}

/**
 * Routing's auto-assign: gives a waiting chat to an agent, only if it still waits (another
 * process may have routed or an agent accepted it meanwhile). Answers whether it did.
 */
export async function assignWaitingChat(ctx: AppContext, ticketId: number, accountId: number): Promise<boolean> {
  return transact(ctx, async (tx) => {
    const { row, session } = await lockChat(tx, ticketId);
    if (session.acceptedBy !== null || session.endedTs !== null) {
      return false;
    }
    const agent = await findAccountWithLinks(tx, accountId);
    if (!agent) {
      return false;
    }
    await takeChat(tx, { account: agent, sessionId: 0 }, row, null);
    return true;
  });
}

export async function agentMessageAdd(ctx: Ctx, input: { ticket_id: number } & MessageInput) {
  const { actor } = ctx;
  assertTakesChats(actor);
  return transact(ctx, async (tx) => {
    const { row, session } = await lockVisibleChat(tx, actor, input.ticket_id);
    const retried = await messageByClientId(tx, row.ticketId, input.client_message_id);
    if (retried !== null) {
      return { message_id: retried };
    }
    if (session.endedTs !== null) {
      throw invalid('chat_ended');
    }
    // Internal notes are open to any agent who sees the chat; answering the visitor needs the chat.
    if (
      input.is_public !== false &&
      session.acceptedBy !== actor.account.accountId &&
      actor.account.userType !== 'admin'
    ) {
      throw invalid('chat_not_yours');
    }
    const { messageId } = await addMessage(tx, actor, row, input, false);
    return { message_id: messageId };
  });
}

export async function agentMessageList(ctx: Ctx, ticketId: number, afterId: number) {
  await visibleChat(ctx, ticketId);
  return { list: await listMessages(ctx.db, ticketId, afterId, false) };
}

export async function agentChatEnd(ctx: Ctx, ticketId: number, lang: TLanguage) {
  const { actor } = ctx;
  assertTakesChats(actor);
  await transact(ctx, async (tx) => {
    const { row, session } = await lockVisibleChat(tx, actor, ticketId);
    await endChat(tx, actor, row, session, lang);
  });
}

/** Hands the chat to another agent (it is theirs at once) or to a group (it waits in the queue again). */
export async function chatTransfer(
  ctx: Ctx,
  input: { ticket_id: number; assignee_id?: number | null | undefined; group_id?: number | null | undefined },
) {
  const { actor } = ctx;
  assertTakesChats(actor);
  await transact(ctx, async (tx) => {
    const { row, session } = await lockVisibleChat(tx, actor, input.ticket_id);
    if (session.endedTs !== null) {
      throw invalid('chat_ended');
    }
    const settings = await getTicketSettings(tx);
    const targetId = input.assignee_id ?? null;
    if (targetId !== null) {
      const target = await findAccountWithLinks(tx, targetId);
      if (!target?.toolAccess.includes('chat') || target.accessState !== 'allowed') {
        throw invalid('chat_transfer_target', 'assignee_id');
      }
    }
    await applyChange(
      tx,
      actor,
      settings,
      row,
      { assignee_id: targetId, ...(input.group_id != null ? { group_id: input.group_id } : {}) },
      Date.now(),
    );
    if (targetId !== null) {
      const target = (await findAccountWithLinks(tx, targetId)) as NonNullable<
        Awaited<ReturnType<typeof findAccountWithLinks>>
      >;
      await tx.execute(
        sql`UPDATE chat_session SET accepted_by = ${targetId}, accepted_ts = ${Date.now()}, waiting_ts = NULL
          WHERE ticket_id = ${row.ticketId}`,
      );
      emit(tx, {
        type: 'chat.accepted',
        ticketId: row.ticketId,
        accountId: targetId,
        agentName: target.aliasName || target.realName,
        previousId: session.acceptedBy,
        actorId: actor.account.accountId,
      });
    } else {
      await tx.execute(
        sql`UPDATE chat_session SET accepted_by = NULL, accepted_ts = NULL, waiting_ts = ${Date.now()}
          WHERE ticket_id = ${row.ticketId}`,
      );
      emit(tx, { type: 'chat.queued', ticketId: row.ticketId });
    }
  });
}

/** The agent's workspace lists: chats waiting (that they may see) and their own open chats. */
export async function chatQueue(ctx: Ctx) {
  const viewer = viewerOf(ctx.actor);
  const { waiting, active } = await queueRows(ctx.db, ctx.actor.account.accountId);
  return {
    waiting: waiting.filter((w) => maySeeTicket(viewer, w)).map((w) => w.summary),
    active: active.map((a) => a.summary),
  };
}

export async function visibleChat(ctx: Ctx, ticketId: number) {
  const found = await findSummary(ctx.db, ticketId);
  if (!found || !maySeeTicket(viewerOf(ctx.actor), found)) {
    throw notFound();
  }
  return found.summary;
}
