import { z } from 'zod';
import { optionalText, requiredText, ZFlag, ZId } from './common.js';
import { ZQuestionType } from './enums.js';

/** A choice of a choice question; `choice_id` is given by the server and kept across edits. */
export const ZQuestionChoice = z.object({
  choice_id: z.number().int().describe('The choice, kept across edits'),
  text: z.string().describe('What the visitor reads'),
});
export type TQuestionChoice = z.infer<typeof ZQuestionChoice>;

/** A pre-chat question the widget asks before a chat starts. */
export const ZQuestion = z.object({
  question_id: z.number().int().describe('The question'),
  question_module: z.string().describe('Which widget flow asks it, e.g. `chat`'),
  title: z.string().describe('The question as the visitor reads it'),
  rule_question_id: z
    .number()
    .int()
    .nullable()
    .describe('Ask only when the answer to that question was `rule_choice_id` (null: always asked)'),
  rule_choice_id: z.number().int().nullable().describe('The choice of `rule_question_id` that leads here'),
  answers: z.array(ZQuestionChoice).describe('The choices of a choice question; a text question has none'),
  question_type: ZQuestionType.describe('`text`: typed answer; otherwise the visitor picks a choice'),
  need_submit_user_info: z.boolean().describe('The visitor gives a name and email with the answer'),
  end_live_chat: z.boolean().describe('Answering ends the chat with `end_live_message` instead of reaching an agent'),
  end_live_message: z.string().describe('The message that ends the chat when `end_live_chat` is on'),
  create_ts: z.number().int().describe('When it was added (Unix epoch milliseconds)'),
  update_ts: z.number().int().describe('When it was last changed (Unix epoch milliseconds)'),
});
export type TQuestion = z.infer<typeof ZQuestion>;

export const ZQuestionModule = z
  .string({ error: 'field_invalid' })
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, { error: 'field_invalid' });

export const ZQuestionAllGetRequest = z.object({
  question_module: ZQuestionModule.default('chat').describe('Which widget flow (`chat` by default)'),
});
export type TQuestionAllGetRequest = z.input<typeof ZQuestionAllGetRequest>;
export const ZQuestionAllGetResponse = z.object({
  list: z.array(ZQuestion).describe('Every question of the flow, in order'),
});
export type TQuestionAllGetResponse = z.infer<typeof ZQuestionAllGetResponse>;

export const ZQuestionGetRequest = z.object({ question_id: ZId.describe('The question') });
export type TQuestionGetRequest = z.input<typeof ZQuestionGetRequest>;
export const ZQuestionGetResponse = ZQuestion;

export const ZQuestionAddRequest = z.object({
  question_module: ZQuestionModule.default('chat').describe('Which widget flow asks it (`chat` by default)'),
  title: requiredText('required_title', 500).describe('The question, up to 500 characters'),
  rule_question_id: ZId.nullable()
    .default(null)
    .describe('Ask only after this question was answered with `rule_choice_id` (none by default)'),
  rule_choice_id: ZId.nullable().default(null).describe('The choice of `rule_question_id` that leads here'),
  answers: z
    .array(
      z.object({
        choice_id: ZId.optional().describe('An existing choice, kept; left out for a new one'),
        text: requiredText('required_field', 500).describe('What the visitor reads, up to 500 characters'),
      }),
      { error: 'field_invalid' },
    )
    .max(50, { error: 'field_too_long' })
    .default([])
    .describe('Choices of a choice question (up to 50); a text question has none'),
  question_type: ZQuestionType.default('text').describe('`text` (the default) or a choice type'),
  need_submit_user_info: ZFlag.default(false).describe('Ask for a name and email too (no by default)'),
  end_live_chat: ZFlag.default(false).describe('Answering ends the chat instead of reaching an agent (no by default)'),
  end_live_message: optionalText(2000).default('').describe('The message that ends the chat, up to 2,000 characters'),
});
export type TQuestionAddRequest = z.input<typeof ZQuestionAddRequest>;
export const ZQuestionAddResponse = z.object({ question_id: z.number().int().describe('The new question') });
export type TQuestionAddResponse = z.infer<typeof ZQuestionAddResponse>;

/** Replaces the question; choices keep their ids when sent with them. */
export const ZQuestionEditRequest = ZQuestionAddRequest.extend({ question_id: ZId.describe('The question') });
export type TQuestionEditRequest = z.input<typeof ZQuestionEditRequest>;

/** Questions whose rule pointed at it become unconditional. */
export const ZQuestionDeleteRequest = z.object({ question_id: ZId.describe('The question') });
export type TQuestionDeleteRequest = z.input<typeof ZQuestionDeleteRequest>;
