import { sql } from 'drizzle-orm';
import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

export const company = pgTable(
  'company',
  {
    companyId: serial('company_id').primaryKey(),
    companyName: text('company_name').notNull(),
    companyDomains: text('company_domains').array().notNull().default(sql`'{}'::text[]`),
    note: text('note').notNull().default(''),
    createTs: ts('create_ts').notNull(),
    updateTs: ts('update_ts').notNull(),
  },
  (t) => [
    index('company_name_trgm_idx').using('gin', sql`${t.companyName} gin_trgm_ops`),
    // Finding the organization of an email's domain: `company_domains @> ARRAY[domain]`.
    index('company_domains_idx').using('gin', t.companyDomains),
  ],
);
