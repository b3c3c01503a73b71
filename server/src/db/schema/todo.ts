import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { account } from './account.js';
import { ts } from './columns.js';
import { ticket } from './ticket.js';

/** An agent's own todo item; gone with the agent, kept (without its link) when its ticket goes. */
export const todo = pgTable(
  'todo',
  {
    todoId: serial('todo_id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.accountId, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    ticketId: integer('ticket_id').references(() => ticket.ticketId, { onDelete: 'set null' }),
    done: boolean('done').notNull().default(false),
    createTs: ts('create_ts').notNull(),
    doneTs: ts('done_ts'),
  },
  (t) => [index('todo_account_idx').on(t.accountId, t.done, t.todoId)],
);
