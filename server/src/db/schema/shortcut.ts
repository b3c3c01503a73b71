import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { account } from './account.js';
import { ts } from './columns.js';

/**
 * Canned replies. A `me` shortcut belongs to its creator and is deleted with them; an `all`
 * shortcut outlives its creator (creator becomes null).
 */
export const shortcut = pgTable(
  'shortcut',
  {
    shortcutId: serial('shortcut_id').primaryKey(),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    allowType: text('allow_type').notNull(),
    tagIds: integer('tag_ids').array().notNull().default(sql`'{}'::integer[]`),
    choiceList: text('choice_list').array().notNull().default(sql`'{}'::text[]`),
    creatorId: integer('creator_id').references(() => account.accountId, { onDelete: 'set null' }),
    createTs: ts('create_ts').notNull(),
    updateTs: ts('update_ts').notNull(),
  },
  (t) => [index('shortcut_creator_idx').on(t.creatorId), index('shortcut_allow_type_idx').on(t.allowType)],
);
