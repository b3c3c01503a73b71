import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** Pre-chat questions of the widget; choices are `{ choice_id, text }` objects. */
export const chatQuestion = pgTable(
  'chat_question',
  {
    questionId: serial('question_id').primaryKey(),
    questionModule: text('question_module').notNull(),
    title: text('title').notNull(),
    ruleQuestionId: integer('rule_question_id').references((): AnyPgColumn => chatQuestion.questionId, {
      onDelete: 'set null',
    }),
    ruleChoiceId: integer('rule_choice_id'),
    answers: jsonb('answers').$type<Array<{ choice_id: number; text: string }>>().notNull().default([]),
    questionType: text('question_type').notNull(),
    needSubmitUserInfo: boolean('need_submit_user_info').notNull().default(false),
    endLiveChat: boolean('end_live_chat').notNull().default(false),
    endLiveMessage: text('end_live_message').notNull().default(''),
    createTs: ts('create_ts').notNull(),
    updateTs: ts('update_ts').notNull(),
  },
  (t) => [index('chat_question_module_idx').on(t.questionModule, t.questionId)],
);
