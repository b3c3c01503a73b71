import { z } from 'zod';
import { requiredText, ZFlag, ZId, ZIdList } from './common.js';

/** Most open items one agent keeps: a todo list, not a ticket queue. */
export const todoOpenMax = 200;

/** One item of an agent's personal todo list, optionally about a ticket. */
export const ZTodo = z.object({
  todo_id: z.number().int().describe('The item'),
  text: z.string().describe('What to do'),
  ticket_id: z.number().int().nullable().describe('The ticket it is about, or null'),
  ticket_subject: z.string().nullable().describe("The ticket's subject, while the caller may still see that ticket"),
  done: z.boolean().describe('Ticked done'),
  create_ts: z.number().int().describe('When it was added (Unix epoch milliseconds)'),
  done_ts: z.number().int().nullable().describe('When it was ticked done (Unix epoch milliseconds), or null'),
});
export type TTodo = z.infer<typeof ZTodo>;

export const ZTodoListRequest = z.object({
  include_done: ZFlag.default(false).describe('Also the items already done (the newest 50)'),
});
export type TTodoListRequest = z.input<typeof ZTodoListRequest>;
export const ZTodoListResponse = z.object({
  list: z.array(ZTodo).describe('Open items oldest first, then done ones when asked'),
  open_count: z.number().int().describe('How many items are open'),
});
export type TTodoListResponse = z.infer<typeof ZTodoListResponse>;

export const ZTodoAddRequest = z.object({
  text: requiredText('required_todo_text', 500).describe('What to do, up to 500 characters'),
  ticket_id: ZId.nullable().default(null).describe('A ticket the caller may see, or null'),
});
export type TTodoAddRequest = z.input<typeof ZTodoAddRequest>;
export const ZTodoAddResponse = z.object({ todo_id: z.number().int().describe('The new item') });
export type TTodoAddResponse = z.infer<typeof ZTodoAddResponse>;

/** Fields left out keep their value. */
export const ZTodoEditRequest = z.object({
  todo_id: ZId.describe('The item'),
  text: requiredText('required_todo_text', 500).optional().describe('What to do (left out: kept)'),
  done: ZFlag.optional().describe('Ticked done or not (left out: kept)'),
});
export type TTodoEditRequest = z.input<typeof ZTodoEditRequest>;

export const ZTodoDeleteRequest = z.object({
  todo_ids: ZIdList.min(1, { error: 'required_field' }).describe("The caller's items to delete"),
});
export type TTodoDeleteRequest = z.input<typeof ZTodoDeleteRequest>;
