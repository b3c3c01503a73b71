import { randomBytes } from 'node:crypto';
import type { TChatAnswer, TChatMessage, THomeWidgetGetResponse, TLanguage } from '@parley/contracts';
import { translate } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import type { StoredChatAnswer } from '../../db/schema/chat.js';
import { emit, transact } from '../../events/transact.js';
import { invalid, notFound, unauthorized } from '../../http/app-error.js';
import { defaultGroupId } from '../account/account.repo.js';
import type { Actor } from '../auth/actor.js';
import { findAccountWithLinks } from '../auth/session.repo.js';
import { hashToken, newToken } from '../auth/token.js';
import { isBanned } from '../black/black.service.js';
import { questionAllGet } from '../question/question.service.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { findOrCreateRequester, insertTicket } from '../ticket/ticket.create.js';
import { applyChange, type Change } from '../ticket/ticket.edit.js';
import { maySeeTicket, viewerOf } from '../ticket/ticket.policy.js';
import { findTicket, type TicketRow } from '../ticket/ticket.repo.js';
import { planComment } from '../ticket/ticket.rules.js';
import type { Ctx } from '../ticket/ticket.service.js';
import { visibleTicket } from '../ticket/ticket.service.js';
import { assertUnderLimit, recordHit } from '../ticket-attachment/ticket-attachment.service.js';
import { satisfactionAdd } from '../ticket-satisfaction/ticket-satisfaction.service.js';
import { addressLimiter, visitorLimiter } from './chat.limit.js';
import {
  findMessage,
  findSummary,
  listMessages,
  messageByClientId,
  queueRows,
  routableAgents,
  type SessionRow,
  sessionByTicket,
  sessionByTokenHash,
} from './chat.repo.js';
import { getWidgetSetting } from './chat.setting.js';

/** The chat a visitor token opens; 0401 for any other token, so tokens cannot be probed. */
export async function visitorSession(ctx: AppContext, token: string): Promise<SessionRow> {
  const found = await sessionByTokenHash(ctx.db, hashToken(token));
  if (!found) {
    throw unauthorized();
  }
  return found;
}

async function visitorActor(tx: Tx, visitorId: number): Promise<Actor> {
  const account = await findAccountWithLinks(tx, visitorId);
  if (!account || account.accessState !== 'allowed') {
    throw invalid('user_suspended');
  }
  return { account, sessionId: 0 };
}

/** The widget's first read: its look, whether anyone can answer, and the pre-chat questions. */
export async function widgetGet(ctx: AppContext): Promise<THomeWidgetGetResponse> {
  const setting = await getWidgetSetting(ctx.db);
  const { allowed_origins: _o, auto_assign: _a, agent_chat_limit: _l, ...look } = setting;
  const [online, questions] = await Promise.all([onlineAgents(ctx), questionAllGet(ctx.db, 'chat')]);
  return {
    setting: look,
    online: online.length > 0,
    questions: setting.pre_chat_form
      ? questions.list.map((q) => ({
          question_id: q.question_id,
          title: q.title,
          question_type: q.question_type,
          rule_question_id: q.rule_question_id,
          rule_choice_id: q.rule_choice_id,
          answers: q.answers,
          need_submit_user_info: q.need_submit_user_info,
          end_live_chat: q.end_live_chat,
          end_live_message: q.end_live_message,
        }))
      : [],
  };
}

/** Agents connected now who take chats (online state, `tool_access` chat). */
export async function onlineAgents(ctx: AppContext): Promise<number[]> {
  return routableAgents(ctx.db, await ctx.chatPresence.connectedAgentIds());
}

/**
 * Pre-chat answers checked against the questions: each must exist, a choice must be one of its
 * question's, and a choice that ends the chat cannot start one.
 */
async function checkAnswers(ctx: AppContext, answers: TChatAnswer[]): Promise<StoredChatAnswer[]> {
  const { list } = await questionAllGet(ctx.db, 'chat');
  const byId = new Map(list.map((q) => [q.question_id, q]));
  return answers.map((a) => {
    const q = byId.get(a.question_id);
    if (!q) {
      throw invalid('field_invalid', 'answers');
    }
    // A question that ends the chat shows its message instead of starting one.
    if (q.end_live_chat) {
      throw invalid('chat_ended', 'answers');
    }
    if (a.choice_id !== null) {
      const choice = q.answers.find((c) => c.choice_id === a.choice_id);
      if (!choice) {
        throw invalid('field_invalid', 'answers');
      }
      return { question_id: q.question_id, title: q.title, choice_id: a.choice_id, answer: choice.text };
    }
    return { question_id: q.question_id, title: q.title, choice_id: null, answer: a.text };
  });
}

export interface ChatStartInput {
  real_name: string;
  email?: string | undefined;
  answers: TChatAnswer[];
  page_url: string;
}

/** A visitor starts a chat: a new chat ticket in the default group, waiting in the queue. */
export async function chatStart(ctx: AppContext, input: ChatStartInput, ip: string, lang: TLanguage) {
  const { db } = ctx;
  const now = Date.now();
  await assertUnderLimit(db, 'chat', ip, now, 'too_many_submissions');
  if (await isBanned(db, { email: input.email ?? null, ip })) {
    throw invalid('submission_refused');
  }
  // No email asked: an anonymous requester of this chat alone (`.invalid` never receives mail).
  const email = input.email ?? `visitor-${randomBytes(8).toString('hex')}@anonymous.invalid`;
  const realName = input.real_name || (input.email ? '' : translate('chat_visitor', lang));
  const answers = await checkAnswers(ctx, input.answers);
  const settings = await getTicketSettings(db);
  const lines = [translate('chat_started_body', lang)];
  if (input.page_url) {
    lines.push(input.page_url);
  }
  for (const a of answers) {
    lines.push(`${a.title}: ${a.answer}`);
  }
  // The first comment records how the chat began; it is a note, not a message of the conversation.
  const comment = planComment(null, settings, { body: lines.join('\n'), is_public: false }, 'text');
  const token = newToken();
  const ticketId = await transact(ctx, async (tx) => {
    const requester = await findOrCreateRequester(tx, email, realName, now);
    if (requester.accessState !== 'allowed') {
      throw invalid('user_suspended', 'email');
    }
    const id = await insertTicket(
      tx,
      settings,
      {
        subject: `${translate('chat_started_body', lang)}: ${requester.realName}`.slice(0, 250),
        source: 'chat',
        ticketType: 'chat',
        requester: { accountId: requester.accountId, companyId: requester.companyId },
        submitterId: requester.accountId,
        authorId: requester.accountId,
        comment,
        state: 'new',
        assignment: { assigneeId: null, groupId: await defaultGroupId(tx) },
        tags: [],
        members: { ccIds: [], followerIds: [] },
      },
      now,
    );
    await tx.execute(
      sql`INSERT INTO chat_session (ticket_id, visitor_token_hash, visitor_id, page_url, answers, visitor_ip, last_visitor_ts, create_ts)
        VALUES (${id}, ${hashToken(token)}, ${requester.accountId}, ${input.page_url}, ${JSON.stringify(answers)}::jsonb,
          ${ip}, ${now}, ${now})`,
    );
    await recordHit(tx, 'chat', ip, now);
    emit(tx, { type: 'chat.started', ticketId: id });
    return id;
  });
  return { ticket_id: ticketId, visitor_token: token };
}

interface MessageInput {
  body: string;
  file_ids: string[];
  client_message_id: string;
  is_public?: boolean;
}

/**
 * Stores one chat message as a comment of the chat ticket, once per `client_message_id`: the
 * ticket row is locked, so a retry racing the original finds it and answers the same id.
 */
async function addMessage(
  ctx: AppContext,
  tx: Tx,
  actor: Actor,
  row: TicketRow,
  input: MessageInput,
  fromVisitor: boolean,
  extra: Omit<Change, 'comment'> = {},
  replyType: 'end_chat' | null = null,
): Promise<{ messageId: number; fresh: boolean }> {
  const existing = await messageByClientId(tx, row.ticketId, input.client_message_id);
  if (existing !== null) {
    return { messageId: existing, fresh: false };
  }
  const settings = await getTicketSettings(tx);
  const comment = planComment(
    fromVisitor ? null : actor,
    settings,
    { body: input.body, is_public: input.is_public ?? true, file_ids: input.file_ids },
    'text',
  );
  const now = Date.now();
  const commentId = await applyChange(tx, actor, settings, row, { ...extra, comment }, now);
  if (typeof commentId !== 'number') {
    throw new Error('a chat message stored no comment');
  }
  await tx.execute(
    sql`INSERT INTO chat_message (comment_id, ticket_id, client_message_id, reply_type, from_visitor)
      VALUES (${commentId}, ${row.ticketId}, ${input.client_message_id}, ${replyType}, ${fromVisitor})`,
  );
  if (fromVisitor) {
    await tx.execute(sql`UPDATE chat_session SET last_visitor_ts = ${now} WHERE ticket_id = ${row.ticketId}`);
  }
  const message = (await findMessage(tx, commentId)) as TChatMessage;
  emit(tx, { type: 'chat.message', message });
  return { messageId: commentId, fresh: true };
}

async function lockChat(tx: Tx, ticketId: number): Promise<{ row: TicketRow; session: SessionRow }> {
  const row = await findTicket(tx, ticketId, true);
  const session = await sessionByTicket(tx, ticketId);
  if (!row || !session || row.deletedTs !== null) {
    throw notFound();
  }
  return { row, session };
}

export async function visitorMessageAdd(
  ctx: AppContext,
  input: { visitor_token: string } & MessageInput,
  ip: string,
): Promise<{ message_id: number }> {
  const session = await visitorSession(ctx, input.visitor_token);
  visitorLimiter.check(`t:${session.ticketId}`);
  addressLimiter.check(`ip:${ip}`);
  if (await isBanned(ctx.db, { ip })) {
    throw invalid('submission_refused');
  }
  return transact(ctx, async (tx) => {
    const { row, session: locked } = await lockChat(tx, session.ticketId);
    const retried = await messageByClientId(tx, row.ticketId, input.client_message_id);
    if (retried !== null) {
      return { message_id: retried };
    }
    if (locked.endedTs !== null) {
      throw invalid('chat_ended');
    }
    const actor = await visitorActor(tx, locked.visitorId);
    const { messageId } = await addMessage(ctx, tx, actor, row, { ...input, is_public: true }, true);
    return { message_id: messageId };
  });
}

export async function visitorMessageList(ctx: AppContext, token: string, afterId: number) {
  const session = await visitorSession(ctx, token);
  return { list: await listMessages(ctx.db, session.ticketId, afterId, true) };
}

export async function visitorChatGet(ctx: AppContext, token: string) {
  const session = await visitorSession(ctx, token);
  const rows = await queryRows<{ ticket_state: string; satisfaction: string; agent_name: string | null }>(
    ctx.db,
    sql`SELECT t.ticket_state, t.satisfaction, COALESCE(NULLIF(a.alias_name, ''), a.real_name) AS agent_name
      FROM ticket t LEFT JOIN account a ON a.account_id = ${session.acceptedBy ?? 0}
      WHERE t.ticket_id = ${session.ticketId}`,
  );
  const r = rows[0];
  if (!r) {
    throw unauthorized();
  }
  return {
    ticket_id: session.ticketId,
    ticket_state: r.ticket_state,
    agent_name: r.agent_name ?? null,
    satisfaction: r.satisfaction,
    ended: session.endedTs !== null,
  };
}

/** Ends the chat: an `end_chat` message, the ticket solved. Either side may end it; ending twice is no error. */
async function endChat(ctx: AppContext, tx: Tx, actor: Actor, row: TicketRow, session: SessionRow, lang: TLanguage) {
  if (session.endedTs !== null) {
    return;
  }
  const fromVisitor = actor.account.accountId === session.visitorId;
  await addMessage(
    ctx,
    tx,
    actor,
    row,
    {
      body: translate('chat_ended_body', lang),
      file_ids: [],
      client_message_id: `end:${row.ticketId}`,
      is_public: true,
    },
    fromVisitor,
    row.ticketState === 'solved' || row.ticketState === 'closed' ? {} : { submit_as: 'solved' },
    'end_chat',
  );
  await tx.execute(sql`UPDATE chat_session SET ended_ts = ${Date.now()} WHERE ticket_id = ${row.ticketId}`);
  emit(tx, { type: 'chat.ended', ticketId: row.ticketId });
}

export async function visitorChatEnd(ctx: AppContext, token: string, lang: TLanguage) {
  const session = await visitorSession(ctx, token);
  await transact(ctx, async (tx) => {
    const { row, session: locked } = await lockChat(tx, session.ticketId);
    await endChat(ctx, tx, await visitorActor(tx, locked.visitorId), row, locked, lang);
  });
}

/** The visitor rates the ended chat: the ticket's satisfaction, as the survey link would set it. */
export async function visitorChatRate(
  ctx: AppContext,
  input: { visitor_token: string; satisfaction: 'good' | 'bad'; comment: string },
) {
  const session = await visitorSession(ctx, input.visitor_token);
  const row = await findTicket(ctx.db, session.ticketId);
  if (!row?.satisfactionToken) {
    throw invalid('satisfaction_unavailable');
  }
  await satisfactionAdd(ctx, {
    token: row.satisfactionToken,
    satisfaction: input.satisfaction,
    comment: input.comment,
  });
}

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
    await takeChat(tx, actor, row, null);
  });
}

async function takeChat(tx: Tx, agent: Actor, row: TicketRow, previousId: number | null) {
  const settings = await getTicketSettings(tx);
  await applyChange(tx, agent, settings, row, { assignee_id: agent.account.accountId }, Date.now());
  const now = Date.now();
  await tx.execute(
    sql`UPDATE chat_session SET accepted_by = ${agent.account.accountId}, accepted_ts = ${now} WHERE ticket_id = ${row.ticketId}`,
  );
  emit(tx, {
    type: 'chat.accepted',
    ticketId: row.ticketId,
    accountId: agent.account.accountId,
    agentName: agent.account.aliasName || agent.account.realName,
    previousId,
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
    const { messageId } = await addMessage(ctx, tx, actor, row, input, false);
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
    await endChat(ctx, tx, actor, row, session, lang);
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
      if (!target || !target.toolAccess.includes('chat') || target.accessState !== 'allowed') {
        throw invalid('chat_tool_access', 'assignee_id');
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
        sql`UPDATE chat_session SET accepted_by = ${targetId}, accepted_ts = ${Date.now()} WHERE ticket_id = ${row.ticketId}`,
      );
      emit(tx, {
        type: 'chat.accepted',
        ticketId: row.ticketId,
        accountId: targetId,
        agentName: target.aliasName || target.realName,
        previousId: session.acceptedBy,
      });
    } else {
      await tx.execute(
        sql`UPDATE chat_session SET accepted_by = NULL, accepted_ts = NULL WHERE ticket_id = ${row.ticketId}`,
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
