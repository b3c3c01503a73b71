import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** Settings by module and key (`common.list/edit`, branding, ticket and email settings). */
export const setting = pgTable(
  'setting',
  {
    settingModule: text('setting_module').notNull(),
    settingKey: text('setting_key').notNull(),
    settingValue: jsonb('setting_value').notNull(),
    updateTs: ts('update_ts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.settingModule, t.settingKey] })],
);
