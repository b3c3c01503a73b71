import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { ticket } from './ticket.js';

/** A custom ticket field (Settings › Ticket fields). `options` and `default_value` as the contract sends them. */
export const ticketField = pgTable(
  'ticket_field',
  {
    fieldId: serial('field_id').primaryKey(),
    fieldType: text('field_type').notNull(),
    title: text('title').notNull(),
    customerTitle: text('customer_title').notNull().default(''),
    description: text('description').notNull().default(''),
    customerVisible: boolean('customer_visible').notNull().default(false),
    customerEditable: boolean('customer_editable').notNull().default(false),
    requiredToSubmit: boolean('required_to_submit').notNull().default(false),
    requiredToSolve: boolean('required_to_solve').notNull().default(false),
    hasDefault: boolean('has_default').notNull().default(false),
    defaultValue: jsonb('default_value'),
    options: jsonb('options').$type<Array<{ name: string; value: string }>>().notNull().default([]),
    regexPattern: text('regex_pattern'),
    fieldState: text('field_state').notNull().default('active'),
    position: integer('position').notNull().default(0),
    createTs: ts('create_ts').notNull(),
    updateTs: ts('update_ts').notNull(),
  },
  (t) => [index('ticket_field_position_idx').on(t.position, t.fieldId)],
);

/** A ticket form: an ordered set of fields and when some of them show (Settings › Ticket forms). */
export const ticketForm = pgTable(
  'ticket_form',
  {
    formId: serial('form_id').primaryKey(),
    formName: text('form_name').notNull(),
    customerTitle: text('customer_title').notNull().default(''),
    fieldIds: integer('field_ids').array().notNull().default(sql`'{}'::integer[]`),
    conditions: jsonb('conditions').notNull().default([]),
    formState: text('form_state').notNull().default('active'),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
    createTs: ts('create_ts').notNull(),
    updateTs: ts('update_ts').notNull(),
  },
  (t) => [uniqueIndex('ticket_form_default_uq').on(t.isDefault).where(sql`is_default`)],
);

/** Text compared bytewise, so that a nested drop-down's prefix is an index range. */
const textC = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/**
 * One row per field value of a ticket, kept with `ticket.fields` in the same transaction; the
 * B-tree indexes (field_id, value, ticket_id) serve filters and sorts by a field
 * (docs/decisions/0008-custom-fields.md).
 */
export const ticketFieldValue = pgTable(
  'ticket_field_value',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => ticket.ticketId, { onDelete: 'cascade' }),
    fieldId: integer('field_id')
      .notNull()
      .references(() => ticketField.fieldId, { onDelete: 'cascade' }),
    valueText: textC('value_text'),
    valueNum: numeric('value_num'),
  },
  (t) => [
    index('ticket_field_value_text_idx').on(t.fieldId, t.valueText, t.ticketId).where(sql`value_text IS NOT NULL`),
    index('ticket_field_value_num_idx').on(t.fieldId, t.valueNum, t.ticketId).where(sql`value_num IS NOT NULL`),
    index('ticket_field_value_ticket_idx').on(t.ticketId, t.fieldId),
  ],
);
