import { z } from 'zod';
import { optionalText, requiredText, ZFlag, ZId } from './common.js';
import { ZQuestionType } from './enums.js';

/** A choice of a choice question; `choice_id` is given by the server and kept across edits. */
export const ZQuestionChoice = z.object({ choice_id: z.number().int(), text: z.string() });
export type TQuestionChoice = z.infer<typeof ZQuestionChoice>;

/** A pre-chat question the widget asks before a chat starts. */
export const ZQuestion = z.object({
  question_id: z.number().int(),
  /** Which widget flow asks it, e.g. `chat`. */
  question_module: z.string(),
  title: z.string(),
  /** Ask only when the answer to that question was `rule_choice_id`. */
  rule_question_id: z.number().int().nullable(),
  rule_choice_id: z.number().int().nullable(),
  answers: z.array(ZQuestionChoice),
  question_type: ZQuestionType,
  need_submit_user_info: z.boolean(),
  /** Answering ends the chat with `end_live_message` instead of reaching an agent. */
  end_live_chat: z.boolean(),
  end_live_message: z.string(),
  create_ts: z.number().int(),
  update_ts: z.number().int(),
});
export type TQuestion = z.infer<typeof ZQuestion>;

export const ZQuestionModule = z
  .string({ error: 'field_invalid' })
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, { error: 'field_invalid' });

export const ZQuestionAllGetRequest = z.object({ question_module: ZQuestionModule.default('chat') });
export type TQuestionAllGetRequest = z.input<typeof ZQuestionAllGetRequest>;
export const ZQuestionAllGetResponse = z.object({ list: z.array(ZQuestion) });
export type TQuestionAllGetResponse = z.infer<typeof ZQuestionAllGetResponse>;

export const ZQuestionGetRequest = z.object({ question_id: ZId });
export type TQuestionGetRequest = z.input<typeof ZQuestionGetRequest>;
export const ZQuestionGetResponse = ZQuestion;

export const ZQuestionAddRequest = z.object({
  question_module: ZQuestionModule.default('chat'),
  title: requiredText('required_title', 500),
  rule_question_id: ZId.nullable().default(null),
  rule_choice_id: ZId.nullable().default(null),
  /** Choices of a choice question; a text question has none. New choices come without `choice_id`. */
  answers: z
    .array(z.object({ choice_id: ZId.optional(), text: requiredText('required_field', 500) }), {
      error: 'field_invalid',
    })
    .max(50, { error: 'field_too_long' })
    .default([]),
  question_type: ZQuestionType.default('text'),
  need_submit_user_info: ZFlag.default(false),
  end_live_chat: ZFlag.default(false),
  end_live_message: optionalText(2000).default(''),
});
export type TQuestionAddRequest = z.input<typeof ZQuestionAddRequest>;
export const ZQuestionAddResponse = z.object({ question_id: z.number().int() });
export type TQuestionAddResponse = z.infer<typeof ZQuestionAddResponse>;

/** Replaces the question; choices keep their ids when sent with them. */
export const ZQuestionEditRequest = ZQuestionAddRequest.extend({ question_id: ZId });
export type TQuestionEditRequest = z.input<typeof ZQuestionEditRequest>;

/** Questions whose rule pointed at it become unconditional. */
export const ZQuestionDeleteRequest = z.object({ question_id: ZId });
export type TQuestionDeleteRequest = z.input<typeof ZQuestionDeleteRequest>;
