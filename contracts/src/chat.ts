import { z } from 'zod';
import { fromDecimal, optionalText, ZEmail, ZFlag, ZId } from './common.js';
import { ZAttachment, ZFileIdList } from './ticket.js';

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
  message_id: z.number().int(),
  ticket_id: z.number().int(),
  type: z.literal('ticket_reply'),
  /** The author: the visitor's requester account or an agent. */
  account_id: z.number().int().nullable(),
  /** The author's display name (an agent's alias when set). */
  real_name: z.string(),
  /** True when the visitor wrote it. */
  from_visitor: z.boolean(),
  is_public: z.boolean(),
  reply_type: z.literal('end_chat').optional(),
  body: z.string(),
  file_ids: z.array(z.string()),
  /** The attached files with their names and types (the same ids as `file_ids`). */
  files: z.array(ZAttachment),
  /** A shortcut's `choice_list`: answers the visitor can click instead of typing. */
  quick_replies: z.array(z.string()),
  /** Sent by a chat trigger, not by a person. */
  automatic: z.boolean(),
  client_message_id: z.string().nullable(),
  create_ts: z.number().int(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

export const ZChatAnswer = z.object({
  question_id: ZId,
  choice_id: ZId.nullable().default(null),
  text: optionalText(1000).default(''),
});
export type TChatAnswer = z.output<typeof ZChatAnswer>;

export const ZChatStartRequest = z.object({
  real_name: optionalText(100).default(''),
  /** Asked when a pre-chat question has `need_submit_user_info`; without it the visitor is anonymous. */
  email: ZEmail.optional(),
  answers: z.array(ZChatAnswer, { error: 'field_invalid' }).max(50, { error: 'field_too_long' }).default([]),
  page_url: optionalText(2000).default(''),
});
export type TChatStartRequest = z.input<typeof ZChatStartRequest>;
export const ZChatStartResponse = z.object({ ticket_id: z.number().int(), visitor_token: z.string() });
export type TChatStartResponse = z.infer<typeof ZChatStartResponse>;

export const ZVisitorToken = z
  .string({ error: 'unauthorized' })
  .trim()
  .min(20, { error: 'unauthorized' })
  .max(200, { error: 'unauthorized' });

export const ZHomeChatMessageAddRequest = z.object({
  visitor_token: ZVisitorToken,
  body: optionalText(chatBodyMax).default(''),
  file_ids: ZFileIdList.default([]),
  client_message_id: ZClientMessageId,
});
export type THomeChatMessageAddRequest = z.input<typeof ZHomeChatMessageAddRequest>;
export const ZChatMessageAddResponse = z.object({ message_id: z.number().int() });
export type TChatMessageAddResponse = z.infer<typeof ZChatMessageAddResponse>;

export const ZHomeChatMessageListRequest = z.object({
  visitor_token: ZVisitorToken,
  after_message_id: fromDecimal(z.number({ error: 'field_invalid' }).int().min(0)).default(0),
});
export const ZChatMessageListResponse = z.object({ list: z.array(ZChatMessage) });
export type TChatMessageListResponse = z.infer<typeof ZChatMessageListResponse>;

/** The visitor's own view of their chat: for the widget after a reload. */
export const ZHomeChatGetRequest = z.object({ visitor_token: ZVisitorToken });
export const ZChatInfo = z.object({
  ticket_id: z.number().int(),
  ticket_state: z.string(),
  /** The agent who accepted it, when one has. */
  agent_name: z.string().nullable(),
  satisfaction: z.string(),
  ended: z.boolean(),
});
export type TChatInfo = z.infer<typeof ZChatInfo>;

export const ZHomeChatEndRequest = z.object({ visitor_token: ZVisitorToken });
export const ZHomeChatRateRequest = z.object({
  visitor_token: ZVisitorToken,
  satisfaction: z.enum(['good', 'bad'], { error: 'field_invalid' }),
  comment: optionalText(2000).default(''),
});

export const ZChatTicketRequest = z.object({ ticket_id: ZId });
export type TChatTicketRequest = z.input<typeof ZChatTicketRequest>;

/** Quick replies offered with an agent's message: up to 10 short answers. */
export const ZQuickReplies = z
  .array(optionalText(100).pipe(z.string().min(1, { error: 'field_invalid' })), { error: 'field_invalid' })
  .max(10, { error: 'field_too_long' });

export const ZAdminChatMessageAddRequest = z.object({
  ticket_id: ZId,
  body: optionalText(chatBodyMax).default(''),
  file_ids: ZFileIdList.default([]),
  quick_replies: ZQuickReplies.default([]),
  client_message_id: ZClientMessageId,
  is_public: ZFlag.default(true),
});
export type TAdminChatMessageAddRequest = z.input<typeof ZAdminChatMessageAddRequest>;

export const ZAdminChatMessageListRequest = z.object({
  ticket_id: ZId,
  after_message_id: fromDecimal(z.number({ error: 'field_invalid' }).int().min(0)).default(0),
});
export type TAdminChatMessageListRequest = z.input<typeof ZAdminChatMessageListRequest>;

export const ZChatTransferRequest = z
  .object({ ticket_id: ZId, assignee_id: ZId.nullable().optional(), group_id: ZId.nullable().optional() })
  .refine((v) => v.assignee_id != null || v.group_id != null, { error: 'field_invalid', path: ['assignee_id'] });
export type TChatTransferRequest = z.input<typeof ZChatTransferRequest>;

/** A chat in the agent's workspace: the queue and their active chats. */
export const ZChatSummary = z.object({
  ticket_id: z.number().int(),
  subject: z.string(),
  ticket_state: z.string(),
  requester_id: z.number().int(),
  visitor_name: z.string(),
  visitor_email: z.string(),
  page_url: z.string(),
  answers: z.array(z.object({ question_id: z.number().int(), title: z.string(), answer: z.string() })),
  accepted_by: z.number().int().nullable(),
  /** The visitor wrote within the last 180 s. */
  visitor_active: z.boolean(),
  last_visitor_ts: z.number().int(),
  create_ts: z.number().int(),
  ended: z.boolean(),
});
export type TChatSummary = z.infer<typeof ZChatSummary>;

export const ZChatQueueResponse = z.object({ waiting: z.array(ZChatSummary), active: z.array(ZChatSummary) });
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
  title: optionalText(60).default('Chat with us').describe('The title of the chat window, up to 60 characters'),
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
  setting: ZWidgetSetting.omit({ allowed_origins: true }).extend({ greeting: z.string() }),
  /** Someone can answer now (within business hours, an agent online). */
  online: z.boolean(),
  /** Outside the Chats business hours: the widget offers to leave a message. */
  closed: z.boolean(),
  questions: z.array(
    z.object({
      question_id: z.number().int(),
      title: z.string(),
      question_type: z.string(),
      rule_question_id: z.number().int().nullable(),
      rule_choice_id: z.number().int().nullable(),
      answers: z.array(z.object({ choice_id: z.number().int(), text: z.string() })),
      need_submit_user_info: z.boolean(),
      end_live_chat: z.boolean(),
      end_live_message: z.string(),
    }),
  ),
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
