import { randomBytes } from 'node:crypto';
import {
  anonymousEmailDomain,
  seededText,
  type TChatAnswer,
  type THomeWidgetGetResponse,
  type TLanguage,
  translate,
  withinChatHours,
} from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import type { StoredChatAnswer } from '../../db/schema/chat.js';
import { emit, transact } from '../../events/transact.js';
import { invalid, unauthorized } from '../../http/app-error.js';
import type { Actor } from '../auth/actor.js';
import { findAccountWithLinks } from '../auth/session.repo.js';
import { hashToken, newToken } from '../auth/token.js';
import { isBanned } from '../banned/banned.service.js';
import { questionAllGet } from '../question/question.service.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { insertRequesterTicket } from '../ticket/ticket.create.js';
import { findTicket } from '../ticket/ticket.repo.js';
import { planComment } from '../ticket/ticket.rules.js';
import { assertUnderLimit, recordHit } from '../ticket-attachment/ticket-attachment.service.js';
import { satisfactionAdd } from '../ticket-satisfaction/ticket-satisfaction.service.js';
import { addressLimiter, visitorLimiter } from './chat.limit.js';
import { addMessage, endChat, lockChat, type MessageInput } from './chat.message.js';
import {
  agentAnswered,
  listMessages,
  messageByClientId,
  routableAgents,
  routeGroupFor,
  type SessionRow,
  sessionByTokenHash,
} from './chat.repo.js';
import { getChatSetting, getWidgetSetting } from './chat.setting.js';

/** The visitor's side of a chat: the widget's first read, starting a chat, messages, end and rating. */
/** The chat a visitor token opens; 0401 for any other token, so tokens cannot be probed. */
export async function visitorSession(ctx: AppContext, token: string): Promise<SessionRow> {
  // Shorter than any key chat.start hands out (43 characters): unknown, without a lookup.
  const found = token.length < 20 ? null : await sessionByTokenHash(ctx.db, hashToken(token));
  if (!found) {
    throw unauthorized();
  }
  return found;
}

export async function visitorActor(tx: Tx, visitorId: number): Promise<Actor> {
  const account = await findAccountWithLinks(tx, visitorId);
  if (account?.accessState !== 'allowed') {
    throw invalid('user_suspended');
  }
  return { account, sessionId: 0 };
}

/** The widget's first read: its look, whether anyone can answer, and the pre-chat questions. */
export async function widgetGet(ctx: AppContext, lang: TLanguage): Promise<THomeWidgetGetResponse> {
  const [setting, chat] = await Promise.all([getWidgetSetting(ctx.db), getChatSetting(ctx.db)]);
  const { allowed_origins: _o, ...look } = setting;
  const closed = !withinChatHours(chat, new Date());
  const [online, questions] = await Promise.all([
    closed ? Promise.resolve([]) : onlineAgents(ctx),
    questionAllGet(ctx.db, 'chat'),
  ]);
  return {
    // The default title and greeting in the visitor's language; an admin's own words as written.
    setting: { ...look, title: seededText(look.title, lang), greeting: seededText(chat.greeting, lang) },
    online: online.length > 0,
    closed,
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
export async function chatStart(
  ctx: AppContext,
  input: ChatStartInput,
  ip: string,
  lang: TLanguage,
  /** The language the visitor's page asked for: a new requester speaks it. */
  chosen?: TLanguage,
) {
  const { db } = ctx;
  const now = Date.now();
  await assertUnderLimit(db, 'chat', ip, now, 'too_many_submissions');
  if (await isBanned(db, { email: input.email ?? null, ip })) {
    throw invalid('submission_refused');
  }
  // No email asked: an anonymous requester of this chat alone (`.invalid` never receives mail).
  const email = input.email ?? `visitor-${randomBytes(8).toString('hex')}@${anonymousEmailDomain}`;
  const realName = input.real_name || (input.email ? '' : translate('chat_visitor', lang));
  // Outside the Chats business hours the widget offers to leave a message instead.
  if (!withinChatHours(await getChatSetting(db), new Date(now))) {
    throw invalid('chat_closed');
  }
  const answers = await checkAnswers(ctx, input.answers);
  const routeGroupId = await routeGroupFor(db, answers);
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
  // A returning visitor (found by email) keeps their account's name; the name typed now names this chat.
  const ticketId = await transact(ctx, async (tx) => {
    const { ticketId: id, requester } = await insertRequesterTicket(
      tx,
      settings,
      {
        email,
        realName,
        subject: `${translate('chat_started_body', lang)}: ${realName || email.slice(0, email.indexOf('@'))}`.slice(
          0,
          250,
        ),
        source: 'chat',
        language: chosen,
        ticketType: 'chat',
        comment,
        groupId: routeGroupId,
      },
      now,
    );
    await tx.execute(
      sql`INSERT INTO chat_session (ticket_id, visitor_token_hash, visitor_id, page_url, answers, visitor_ip,
          route_group_id, last_visitor_ts, create_ts, waiting_ts, lang, visitor_name)
        VALUES (${id}, ${hashToken(token)}, ${requester.accountId}, ${input.page_url}, ${JSON.stringify(answers)}::jsonb,
          ${ip}, ${routeGroupId}, ${now}, ${now}, ${now}, ${lang}, ${input.real_name})`,
    );
    await recordHit(tx, 'chat', ip, now);
    emit(tx, { type: 'chat.started', ticketId: id });
    return id;
  });
  return { ticket_id: ticketId, visitor_token: token };
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
    const { messageId } = await addMessage(tx, actor, row, { ...input, is_public: true }, true);
    return { message_id: messageId };
  });
}

export async function visitorMessageList(ctx: AppContext, token: string, afterId: number) {
  const session = await visitorSession(ctx, token);
  return { list: await listMessages(ctx.db, session.ticketId, afterId, true) };
}

export async function visitorChatGet(ctx: AppContext, token: string) {
  const session = await visitorSession(ctx, token);
  const rows = await queryRows<{
    ticket_state: string;
    satisfaction: string;
    agent_name: string | null;
    agent_state: string | null;
  }>(
    ctx.db,
    sql`SELECT t.ticket_state, t.satisfaction, COALESCE(NULLIF(a.alias_name, ''), a.real_name) AS agent_name,
        a.chat_state AS agent_state
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
    agent_offline: r.agent_state === 'offline',
    accepted_ts: session.acceptedTs,
    satisfaction: r.satisfaction,
    ended: session.endedTs !== null,
  };
}

export async function visitorChatEnd(ctx: AppContext, token: string, lang: TLanguage) {
  const session = await visitorSession(ctx, token);
  await transact(ctx, async (tx) => {
    const { row, session: locked } = await lockChat(tx, session.ticketId);
    await endChat(tx, await visitorActor(tx, locked.visitorId), row, locked, lang);
  });
}

/** The visitor rates the ended chat: the ticket's satisfaction, as the survey link would set it. */
export async function visitorChatRate(
  ctx: AppContext,
  input: { visitor_token: string; satisfaction: 'good' | 'bad'; comment: string },
) {
  const session = await visitorSession(ctx, input.visitor_token);
  const row = await findTicket(ctx.db, session.ticketId);
  // Only a chat an agent answered is rated (the widget offers no rating otherwise): an unanswered
  // chat's "good" would count in the satisfaction reports for nobody's work.
  if (!row?.satisfactionToken || !(await agentAnswered(ctx.db, session.ticketId))) {
    throw invalid('satisfaction_unavailable');
  }
  await satisfactionAdd(ctx, {
    token: row.satisfactionToken,
    satisfaction: input.satisfaction,
    comment: input.comment,
  });
}
