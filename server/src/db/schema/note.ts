import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { account } from './account.js';
import { ts } from './columns.js';
import { agentGroup } from './permission.js';

/**
 * A note (the settings section "macros"): actions as JSON (contracts' `ZNoteActions`), shared
 * with everyone (owner and group null), one group, or only its owner.
 */
export const note = pgTable(
  'note',
  {
    noteId: serial('note_id').primaryKey(),
    title: text('title').notNull(),
    actions: jsonb('actions').notNull(),
    ownerId: integer('owner_id').references(() => account.accountId, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => agentGroup.groupId, { onDelete: 'cascade' }),
    creatorId: integer('creator_id').references(() => account.accountId, { onDelete: 'set null' }),
    /** Tickets submitted with the note applied. */
    usageCount: integer('usage_count').notNull().default(0),
    lastUsedTs: ts('last_used_ts'),
    createTs: ts('create_ts').notNull(),
    updateTs: ts('update_ts').notNull(),
  },
  (t) => [index('note_title_idx').on(t.title)],
);
