import { z } from 'zod';
import { fromDecimal, optionalText, requiredText, ZFlag, ZId, ZIdList } from './common.js';

/**
 * Settings › Chat triggers. Three kinds:
 * - `page_greeting`: after `delay_seconds` on a host page whose address contains `url_contains`
 *   (empty: any page), the launcher shows `message` before the visitor opens the chat;
 * - `no_accept_reply`: when nobody has accepted a chat `delay_seconds` after it started, the
 *   visitor gets `message` as an automatic reply;
 * - `route_by_answer`: a chat whose pre-chat answers picked `choice_id` of `question_id` waits in
 *   `group_id` and is offered to that group's online agents first.
 */
export const chatTriggerTypes = ['page_greeting', 'no_accept_reply', 'route_by_answer'] as const;
export const ZChatTriggerType = z.enum(chatTriggerTypes, { error: 'field_invalid' });
export type TChatTriggerType = z.infer<typeof ZChatTriggerType>;

const ZDelay = fromDecimal(
  z
    .number({ error: 'field_invalid' })
    .int({ error: 'field_invalid' })
    .min(1, { error: 'field_invalid' })
    .max(3600, { error: 'field_invalid' }),
);

const common = {
  title: requiredText('required_title', 100),
  enabled: ZFlag.default(true),
};

export const ZChatTriggerInput = z.discriminatedUnion(
  'trigger_type',
  [
    z.object({
      ...common,
      trigger_type: z.literal('page_greeting'),
      delay_seconds: ZDelay,
      url_contains: optionalText(500).default(''),
      message: requiredText('required_chat_trigger_message', 500),
    }),
    z.object({
      ...common,
      trigger_type: z.literal('no_accept_reply'),
      delay_seconds: ZDelay,
      message: requiredText('required_chat_trigger_message', 2000),
    }),
    z.object({
      ...common,
      trigger_type: z.literal('route_by_answer'),
      question_id: ZId,
      choice_id: ZId,
      group_id: ZId,
    }),
  ],
  { error: 'field_invalid' },
);
export type TChatTriggerInput = z.input<typeof ZChatTriggerInput>;
export type TChatTriggerData = z.output<typeof ZChatTriggerInput>;

export const ZChatTriggerAddRequest = ZChatTriggerInput;
export const ZChatTriggerEditRequest = z.intersection(z.object({ trigger_id: ZId }), ZChatTriggerInput);
export type TChatTriggerEditRequest = z.input<typeof ZChatTriggerEditRequest>;
export const ZChatTriggerDeleteRequest = z.object({ trigger_ids: ZIdList.min(1, { error: 'field_invalid' }) });
export const ZChatTriggerAddResponse = z.object({ trigger_id: z.number().int() });

/** A stored trigger as the settings list shows it; fields another kind does not use are null. */
export const ZChatTrigger = z.object({
  trigger_id: z.number().int(),
  title: z.string(),
  trigger_type: ZChatTriggerType,
  enabled: z.boolean(),
  delay_seconds: z.number().int().nullable(),
  url_contains: z.string().nullable(),
  message: z.string().nullable(),
  question_id: z.number().int().nullable(),
  choice_id: z.number().int().nullable(),
  group_id: z.number().int().nullable(),
  update_ts: z.number().int(),
});
export type TChatTrigger = z.infer<typeof ZChatTrigger>;
export const ZChatTriggerListResponse = z.object({ list: z.array(ZChatTrigger) });
export type TChatTriggerListResponse = z.infer<typeof ZChatTriggerListResponse>;

/** What the launcher on a host page needs of the page greetings. */
export const ZPageGreeting = z.object({
  url_contains: z.string(),
  delay_seconds: z.number().int(),
  message: z.string(),
});
export type TPageGreeting = z.infer<typeof ZPageGreeting>;
