import { z } from 'zod';
import { requiredText, ZFlag, ZId, ZIdList } from './common.js';

/** Most open items one agent keeps: a todo list, not a ticket queue. */
export const todoOpenMax = 200;

/** One item of an agent's personal todo list, optionally about a ticket. */
export const ZTodo = z.object({
  todo_id: z.number().int(),
  text: z.string(),
  ticket_id: z.number().int().nullable(),
  /** The ticket's subject, while the caller may still see that ticket. */
  ticket_subject: z.string().nullable(),
  done: z.boolean(),
  create_ts: z.number().int(),
  done_ts: z.number().int().nullable(),
});
export type TTodo = z.infer<typeof ZTodo>;

export const ZTodoListRequest = z.object({
  /** Also the items already done (the newest 50). */
  include_done: ZFlag.default(false),
});
export type TTodoListRequest = z.input<typeof ZTodoListRequest>;
export const ZTodoListResponse = z.object({ list: z.array(ZTodo), open_count: z.number().int() });
export type TTodoListResponse = z.infer<typeof ZTodoListResponse>;

export const ZTodoAddRequest = z.object({
  text: requiredText('required_todo_text', 500),
  ticket_id: ZId.nullable().default(null),
});
export type TTodoAddRequest = z.input<typeof ZTodoAddRequest>;
export const ZTodoAddResponse = z.object({ todo_id: z.number().int() });
export type TTodoAddResponse = z.infer<typeof ZTodoAddResponse>;

/** Fields left out keep their value. */
export const ZTodoEditRequest = z.object({
  todo_id: ZId,
  text: requiredText('required_todo_text', 500).optional(),
  done: ZFlag.optional(),
});
export type TTodoEditRequest = z.input<typeof ZTodoEditRequest>;

export const ZTodoDeleteRequest = z.object({
  todo_ids: ZIdList.min(1, { error: 'required_field' }),
});
export type TTodoDeleteRequest = z.input<typeof ZTodoDeleteRequest>;
