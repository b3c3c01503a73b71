import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { account } from './account.js';

/**
 * What account lists filter on, one narrow row per account, kept in step with `account` by a
 * trigger (migration 0004): `search_text` is lower(email || ' ' || real_name). Counting tens of
 * thousands of keyword matches reads this small table instead of the wide account rows, and a
 * trigram index serves LIKE '%kw%'. Written by the trigger only, never by the application.
 */
export const accountSearch = pgTable(
  'account_search',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => account.accountId, { onDelete: 'cascade' }),
    userType: text('user_type').notNull(),
    companyId: integer('company_id'),
    searchText: text('search_text').notNull(),
  },
  (t) => [
    index('account_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('account_search_type_idx').on(t.userType, t.accountId),
    index('account_search_company_idx').on(t.companyId, t.accountId),
  ],
);
