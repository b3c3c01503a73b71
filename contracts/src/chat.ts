import { z } from 'zod';
import { fromDecimal, optionalText, ZEmail, ZFlag, ZId } from './common.js';
import { ZQuestion } from './question.js';
import { seededDefaults } from './seeded.js';
import { ZAttachment } from './ticket/attachment.js';
import { ZFileId, ZFileIdList } from './ticket/shared.js';

/** What a visitor's or agent's client sends so that a retry stores one message. */
export const ZClientMessageId = z
  .string({ error: 'field_invalid' })
  .trim()
  .min(1, { error: 'field_invalid' })
  .max(64, { error: 'field_too_long' });

/** Largest chat message body as typed (it is sanitized like a ticket body). */
export const chatBodyMax = 10_000;

/** A chat message as both the calls and the `chat_message` socket event carry it. */
export const ZChatMessage = z.object({
  message_id: z.number().int().describe('The message'),
  ticket_id: z.number().int().describe("The chat's ticket"),
  type: z.literal('ticket_reply').describe('Always `ticket_reply`'),
  account_id: z.number().int().nullable().describe("The author: the visitor's requester account or an agent"),
  real_name: z.string().describe("The author's display name (an agent's alias when set)"),
  from_visitor: z.boolean().describe('The visitor wrote it'),
  is_public: z.boolean().describe('The visitor sees it (false: an internal note)'),
  reply_type: z.literal('end_chat').optional().describe('`end_chat`: the message that ended the chat'),
  body: z.string().describe('The message (sanitized HTML)'),
  file_ids: z.array(z.string()).describe('Its attachments'),
  files: z.array(ZAttachment).describe('The attached files with their names and types (the same ids as `file_ids`)'),
  quick_replies: z.array(z.string()).describe('Answers the visitor can click instead of typing'),
  automatic: z.boolean().describe('Sent by a chat trigger, not by a person'),
  client_message_id: z.string().nullable().describe("The sender's id for the message (a retry stores one message)"),
  create_ts: z.number().int().describe('When it was sent (Unix epoch milliseconds)'),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

export const ZChatAnswer = z.object({
  question_id: ZId.describe('The pre-chat question'),
  choice_id: ZId.nullable().default(null).describe('The choice picked (null: a typed answer)'),
  text: optionalText(1000).default('').describe('The typed answer'),
});
export type TChatAnswer = z.output<typeof ZChatAnswer>;

export const ZChatStartRequest = z.object({
  real_name: optionalText(100).default('').describe("The visitor's name (empty: anonymous)"),
  email: ZEmail.optional().describe(
    'Asked when a pre-chat question has `need_submit_user_info`; without it the visitor is anonymous',
  ),
  answers: z
    .array(ZChatAnswer, { error: 'field_invalid' })
    .max(50, { error: 'field_too_long' })
    .default([])
    .describe('Answers to the pre-chat questions, in order'),
  page_url: optionalText(2000).default('').describe('The page the visitor chats from'),
});
export type TChatStartRequest = z.input<typeof ZChatStartRequest>;
export const ZChatStartResponse = z.object({
  ticket_id: z.number().int().describe("The chat's ticket"),
  visitor_token: z.string().describe("The key to this chat for the visitor's later calls"),
});
export type TChatStartResponse = z.infer<typeof ZChatStartResponse>;

/**
 * A visitor's key. Any value passes the schema: a missing, malformed or unknown key is the same
 * 0401 "Please sign in" from the call (the contract's "no token, unknown or expired token"), never
 * a validation failure that tells a malformed key from an unknown one.
 */
export const ZVisitorToken = z.string().trim().max(200).catch('');

const visitorToken = ZVisitorToken.describe('The key `chat.start` answered');

export const ZHomeChatMessageAddRequest = z.object({
  visitor_token: visitorToken,
  body: optionalText(chatBodyMax).default('').describe('The message, plain text'),
  file_ids: ZFileIdList.default([]).describe('Attachments uploaded with `home/upload`'),
  client_message_id: ZClientMessageId.describe('An id of the sender: the same one twice stores one message'),
});
export type THomeChatMessageAddRequest = z.input<typeof ZHomeChatMessageAddRequest>;
export const ZChatMessageAddResponse = z.object({ message_id: z.number().int().describe('The message') });
export type TChatMessageAddResponse = z.infer<typeof ZChatMessageAddResponse>;

export const ZHomeChatMessageListRequest = z.object({
  visitor_token: visitorToken,
  after_message_id: fromDecimal(z.number({ error: 'field_invalid' }).int().min(0))
    .default(0)
    .describe('The last message the visitor has (0: from the start)'),
});
export const ZChatMessageListResponse = z.object({
  list: z.array(ZChatMessage).describe('The messages, oldest first'),
});
export type TChatMessageListResponse = z.infer<typeof ZChatMessageListResponse>;

/** The visitor's own view of their chat: for the widget after a reload. */
export const ZHomeChatGetRequest = z.object({ visitor_token: visitorToken });
export const ZChatInfo = z.object({
  ticket_id: z.number().int().describe("The chat's ticket"),
  ticket_state: z.string().describe("The ticket's status"),
  agent_name: z.string().nullable().describe('The agent who accepted it (null: none yet)'),
  accepted_ts: z
    .number()
    .int()
    .nullable()
    .describe('When that agent took the chat (Unix epoch milliseconds; null: none yet)'),
  agent_offline: z
    .boolean()
    .describe('That agent has gone offline since (the chat stays theirs; answers may come by email)'),
  satisfaction: z.string().describe("The visitor's rating: `good`, `bad`, or `unoffered`"),
  ended: z.boolean().describe('The chat has ended'),
});
export type TChatInfo = z.infer<typeof ZChatInfo>;

export const ZHomeChatEndRequest = z.object({ visitor_token: visitorToken });
/** A file of a public message in the visitor's own chat, downloaded by the widget. */
export const ZHomeChatAttachmentRequest = z.object({
  visitor_token: visitorToken,
  file_id: ZFileId.describe('The file (`files[].file_id` of a message)'),
});
/** Where the widget downloads a message's file (POST, the key in the body: not in the address a list of downloads keeps). */
export const homeChatAttachmentPath = '/api/home/chat.attachment.get';
export const ZHomeChatRateRequest = z.object({
  visitor_token: visitorToken,
  satisfaction: z.enum(['good', 'bad'], { error: 'field_invalid' }).describe('The rating'),
  comment: optionalText(2000).default('').describe('Why, optionally'),
});

export const ZChatTicketRequest = z.object({ ticket_id: ZId.describe("The chat's ticket") });
export type TChatTicketRequest = z.input<typeof ZChatTicketRequest>;

/** Quick replies offered with an agent's message: up to 10 short answers. */
export const ZQuickReplies = z
  .array(optionalText(100).pipe(z.string().min(1, { error: 'field_invalid' })), { error: 'field_invalid' })
  .max(10, { error: 'field_too_long' });

export const ZAdminChatMessageAddRequest = z.object({
  ticket_id: ZId.describe("The chat's ticket"),
  body: optionalText(chatBodyMax).default('').describe('The message, up to 10,000 characters'),
  file_ids: ZFileIdList.default([]).describe('Uploaded files to attach'),
  quick_replies: ZQuickReplies.default([]).describe('Up to 10 short answers the visitor can click'),
  client_message_id: ZClientMessageId.describe('An id of the sender: the same one twice stores one message'),
  is_public: ZFlag.default(true).describe('The visitor sees it (false: an internal note)'),
});
export type TAdminChatMessageAddRequest = z.input<typeof ZAdminChatMessageAddRequest>;

export const ZAdminChatMessageListRequest = z.object({
  ticket_id: ZId.describe("The chat's ticket"),
  after_message_id: fromDecimal(z.number({ error: 'field_invalid' }).int().min(0))
    .default(0)
    .describe('Only messages after this one (0, the default: all)'),
});
export type TAdminChatMessageListRequest = z.input<typeof ZAdminChatMessageListRequest>;

export const ZChatTransferRequest = z
  .object({
    ticket_id: ZId.describe("The chat's ticket"),
    assignee_id: ZId.nullable().optional().describe('The chat agent it goes to'),
    group_id: ZId.nullable().optional().describe('The group whose queue it goes back to'),
  })
  .refine((v) => v.assignee_id != null || v.group_id != null, { error: 'field_invalid', path: ['assignee_id'] });
export type TChatTransferRequest = z.input<typeof ZChatTransferRequest>;

/** A chat in the agent's workspace: the queue and their active chats. */
/**
 * A visitor who started a chat without giving an email gets one of this domain (`.invalid` can
 * never receive mail): their requester account needs one. Screens show none instead.
 */
export const anonymousEmailDomain = 'anonymous.invalid';
export const isAnonymousEmail = (email: string): boolean => email.endsWith(`@${anonymousEmailDomain}`);
/** An account's email as screens show it: none for a visitor who gave none. */
export const shownEmail = (email: string): string => (isAnonymousEmail(email) ? '' : email);

export const ZChatSummary = z.object({
  ticket_id: z.number().int().describe("The chat's ticket"),
  subject: z.string().describe('Its subject'),
  ticket_state: z.string().describe('Its state'),
  requester_id: z.number().int().describe("The visitor's account"),
  visitor_name: z.string().describe("The visitor's name"),
  visitor_email: z.string().describe("The visitor's email, or empty"),
  page_url: z.string().describe('The page the chat started on'),
  answers: z
    .array(
      z.object({
        question_id: z.number().int().describe('The pre-chat question'),
        title: z.string().describe('The question'),
        answer: z.string().describe("The visitor's answer"),
      }),
    )
    .describe('The pre-chat answers'),
  accepted_by: z.number().int().nullable().describe('The agent who accepted it (null: waiting)'),
  visitor_active: z.boolean().describe('The visitor wrote within the last 180 s'),
  last_visitor_ts: z.number().int().describe('When the visitor last wrote (Unix epoch milliseconds)'),
  create_ts: z.number().int().describe('When it started (Unix epoch milliseconds)'),
  ended: z.boolean().describe('It has ended'),
});
export type TChatSummary = z.infer<typeof ZChatSummary>;

export const ZChatQueueResponse = z.object({
  waiting: z.array(ZChatSummary).describe('Chats waiting for an agent that the caller may see'),
  active: z.array(ZChatSummary).describe("The caller's open chats"),
});
export type TChatQueueResponse = z.infer<typeof ZChatQueueResponse>;
export const ZChatGetResponse = ZChatSummary;

/**
 * Widget settings (`/wswt/setting/widget`): what the launcher and the chat window look like and
 * do. The greeting, hours and routing are the Chats settings (`chat-setting.ts`).
 */
export const ZWidgetSetting = z.object({
  color: z
    .string({ error: 'field_invalid' })
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'field_invalid' })
    .default('#1677ff')
    .describe('The launcher and header colour, `#rrggbb`'),
  position: z
    .enum(['right', 'left'], { error: 'field_invalid' })
    .default('right')
    .describe('The corner of the launcher'),
  title: optionalText(60)
    .default(seededDefaults.widgetTitle)
    .describe('The title of the chat window, up to 60 characters'),
  pre_chat_form: ZFlag.default(true).describe('Ask the pre-chat questions before a chat starts'),
  offline_behavior: z
    .enum(['leave_message', 'hide'], { error: 'field_invalid' })
    .default('leave_message')
    .describe('Nobody online: offer the leave-a-message form (a ticket), or only say so'),
  allowed_origins: z
    .array(
      z
        .string({ error: 'field_invalid' })
        .trim()
        .regex(/^https?:\/\/[^/\s]+$/, { error: 'field_invalid' }),
      { error: 'field_invalid' },
    )
    .max(50, { error: 'field_too_long' })
    .default([])
    .describe("Host pages' origins (`https://example.com`) that may embed the widget; empty allows any"),
});
export type TWidgetSetting = z.infer<typeof ZWidgetSetting>;
export type TWidgetSettingInput = z.input<typeof ZWidgetSetting>;
/** The whole settings object; the colour is required so that an empty body saves nothing. */
export const ZWidgetSettingEditRequest = ZWidgetSetting.extend({
  color: z
    .string({ error: 'field_invalid' })
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'field_invalid' })
    .describe('The launcher and header colour, `#rrggbb`'),
});

/** What the widget reads before it shows anything. */
export const ZHomeWidgetGetResponse = z.object({
  setting: ZWidgetSetting.omit({ allowed_origins: true })
    .extend({ greeting: z.string().describe('The greeting of Settings › Chats') })
    .describe("The widget's look and texts"),
  online: z.boolean().describe('Someone can answer now (within business hours, an agent online)'),
  closed: z.boolean().describe('Outside the Chats business hours: the widget offers to leave a message'),
  questions: z
    .array(
      // The public part of a question: what the widget needs to ask it (no module, no dates).
      ZQuestion.pick({
        question_id: true,
        title: true,
        question_type: true,
        rule_question_id: true,
        rule_choice_id: true,
        answers: true,
        need_submit_user_info: true,
        end_live_chat: true,
        end_live_message: true,
      }),
    )
    .describe('The pre-chat questions in order'),
});
export type THomeWidgetGetResponse = z.infer<typeof ZHomeWidgetGetResponse>;

/** Socket events the clients send; each is validated, and a bad one answers an error envelope. */
export const ZJoinChat = z.object({ ticket_id: ZId });
export const ZTyping = z.object({ ticket_id: ZId.optional(), typing: z.boolean({ error: 'field_invalid' }) });

/** `system_message` on a staff socket's own channel. */
export const ZSystemMessage = z.object({
  type: z.enum(['new_chat_tickets', 'received_chat_tickets', 'new_message']),
  ticket_ids: z.array(z.number().int()),
});
export type TSystemMessage = z.infer<typeof ZSystemMessage>;

/** Presence on ticket pages: `ticket_view`, `ticket_typing` (with `typing`) and `ticket_leave`. */
export const ZTicketPresence = z.object({ ticket_id: ZId, typing: ZFlag.optional() });
/** One agent on a ticket page, in `ticket_presence { ticket_id, viewers }`. */
export const ZTicketViewer = z.object({ account_id: z.number().int(), real_name: z.string(), typing: z.boolean() });
export type TTicketViewer = z.infer<typeof ZTicketViewer>;
export interface TTicketPresence {
  ticket_id: number;
  viewers: TTicketViewer[];
}
/**
 * `ticket_updated`, to a ticket page's room after a change of the ticket commits: the pages fetch
 * it again and say who changed it (`account_id` null and `real_name` empty: the system).
 */
export interface TTicketUpdated {
  ticket_id: number;
  account_id: number | null;
  real_name: string;
}
