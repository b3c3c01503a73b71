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
  title: requiredText('required_title', 100).describe('Its name, up to 100 characters'),
  enabled: ZFlag.default(true).describe('A disabled trigger does nothing (enabled by default)'),
};
const typeText = '`page_greeting`, `no_accept_reply` or `route_by_answer`';

export const ZChatTriggerInput = z.discriminatedUnion(
  'trigger_type',
  [
    z.object({
      ...common,
      trigger_type: z.literal('page_greeting').describe(typeText),
      delay_seconds: ZDelay.describe('Seconds on the page before the greeting shows (1 to 3,600)'),
      url_contains: optionalText(500).default('').describe("Part of the host page's address (empty: any page)"),
      message: requiredText('required_chat_trigger_message', 500).describe('The greeting, up to 500 characters'),
    }),
    z.object({
      ...common,
      trigger_type: z.literal('no_accept_reply').describe(typeText),
      delay_seconds: ZDelay.describe('Seconds without an agent accepting before the reply (1 to 3,600)'),
      message: requiredText('required_chat_trigger_message', 2000).describe(
        'The automatic reply, up to 2,000 characters',
      ),
    }),
    z.object({
      ...common,
      trigger_type: z.literal('route_by_answer').describe(typeText),
      question_id: ZId.describe('The pre-chat question'),
      choice_id: ZId.describe('The choice of it that routes'),
      group_id: ZId.describe('The group whose online agents are offered the chat first'),
    }),
  ],
  { error: 'field_invalid' },
);
export type TChatTriggerInput = z.input<typeof ZChatTriggerInput>;
export type TChatTriggerData = z.output<typeof ZChatTriggerInput>;

export const ZChatTriggerAddRequest = ZChatTriggerInput;
export const ZChatTriggerEditRequest = z.intersection(
  z.object({ trigger_id: ZId.describe('The trigger') }),
  ZChatTriggerInput,
);
export type TChatTriggerEditRequest = z.input<typeof ZChatTriggerEditRequest>;
export const ZChatTriggerDeleteRequest = z.object({
  trigger_ids: ZIdList.min(1, { error: 'field_invalid' }).describe('The triggers to delete'),
});
export const ZChatTriggerAddResponse = z.object({ trigger_id: z.number().int().describe('The new trigger') });
export type TChatTriggerAddResponse = z.infer<typeof ZChatTriggerAddResponse>;

/** A stored trigger as the settings list shows it; fields another kind does not use are null. */
export const ZChatTrigger = z.object({
  trigger_id: z.number().int().describe('The trigger'),
  title: z.string().describe('Its name'),
  trigger_type: ZChatTriggerType.describe(typeText),
  enabled: z.boolean().describe('It acts'),
  delay_seconds: z.number().int().nullable().describe('Seconds before it acts (greetings and replies)'),
  url_contains: z.string().nullable().describe("Part of the host page's address (greetings)"),
  message: z.string().nullable().describe('The greeting or the automatic reply'),
  question_id: z.number().int().nullable().describe('The pre-chat question (routing)'),
  choice_id: z.number().int().nullable().describe('The choice that routes (routing)'),
  group_id: z.number().int().nullable().describe('The group the chat goes to (routing)'),
  update_ts: z.number().int().describe('When it was last changed (Unix epoch milliseconds)'),
});
export type TChatTrigger = z.infer<typeof ZChatTrigger>;
export const ZChatTriggerListResponse = z.object({
  list: z.array(ZChatTrigger).describe('Every trigger, oldest first'),
});
export type TChatTriggerListResponse = z.infer<typeof ZChatTriggerListResponse>;

/** What the launcher on a host page needs of the page greetings. */
export const ZPageGreeting = z.object({
  url_contains: z.string(),
  delay_seconds: z.number().int(),
  message: z.string(),
});
export type TPageGreeting = z.infer<typeof ZPageGreeting>;
