import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { account } from './account.js';
import { ts } from './columns.js';

/**
 * Banned list: an IP address, an email address or an `@domain`, stored normalised. The table and its
 * columns keep the names of the wire (`black.list`, `black_type`...), which the API contract fixes.
 */
export const banned = pgTable(
  'black',
  {
    blackId: serial('black_id').primaryKey(),
    blackType: text('black_type').notNull(),
    blackValue: text('black_value').notNull(),
    reason: text('reason').notNull().default(''),
    creatorId: integer('creator_id').references(() => account.accountId, { onDelete: 'set null' }),
    createTs: ts('create_ts').notNull(),
  },
  (t) => [uniqueIndex('black_type_value_uq').on(t.blackType, t.blackValue), index('black_create_idx').on(t.createTs)],
);
