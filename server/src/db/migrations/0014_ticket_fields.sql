-- Custom ticket fields and ticket forms (issue 17), and the field values of tickets.
-- The values live twice: in ticket.fields (jsonb, what the ticket page and the history read) and
-- one row per value in ticket_field_value, kept in the same transaction, whose B-tree indexes
-- (field_id, value, ticket_id) serve filters and sorts by a field (docs/decisions/0008-custom-fields.md).

CREATE TABLE "ticket_field" (
	"field_id" serial PRIMARY KEY NOT NULL,
	"field_type" text NOT NULL,
	"title" text NOT NULL,
	"customer_title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"customer_visible" boolean DEFAULT false NOT NULL,
	"customer_editable" boolean DEFAULT false NOT NULL,
	"required_to_submit" boolean DEFAULT false NOT NULL,
	"required_to_solve" boolean DEFAULT false NOT NULL,
	"has_default" boolean DEFAULT false NOT NULL,
	"default_value" jsonb,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"regex_pattern" text,
	"field_state" text DEFAULT 'active' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"create_ts" bigint NOT NULL,
	"update_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ticket_field_position_idx" ON "ticket_field" ("position", "field_id");
--> statement-breakpoint
CREATE TABLE "ticket_form" (
	"form_id" serial PRIMARY KEY NOT NULL,
	"form_name" text NOT NULL,
	"customer_title" text DEFAULT '' NOT NULL,
	"field_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"form_state" text DEFAULT 'active' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"create_ts" bigint NOT NULL,
	"update_ts" bigint NOT NULL
);
--> statement-breakpoint
-- At most one default form; the service keeps exactly one while any form exists.
CREATE UNIQUE INDEX "ticket_form_default_uq" ON "ticket_form" ("is_default") WHERE "is_default";
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "form_id" integer REFERENCES "ticket_form"("form_id") ON DELETE SET NULL;
--> statement-breakpoint
-- One row per value (a multi-select has one per chosen option). Text kinds (text, multi-line text
-- cut to 200 characters, regex, date as YYYY-MM-DD, drop-down and nested values) in value_text,
-- compared bytewise (COLLATE "C": a nested prefix is a range, a date sorts as text); numbers,
-- decimals and checkboxes (1 or 0) in value_num.
CREATE TABLE "ticket_field_value" (
	"ticket_id" integer NOT NULL REFERENCES "ticket"("ticket_id") ON DELETE CASCADE,
	"field_id" integer NOT NULL REFERENCES "ticket_field"("field_id") ON DELETE CASCADE,
	"value_text" text COLLATE "C",
	"value_num" numeric
);
--> statement-breakpoint
CREATE INDEX "ticket_field_value_text_idx" ON "ticket_field_value" ("field_id", "value_text", "ticket_id") WHERE "value_text" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ticket_field_value_num_idx" ON "ticket_field_value" ("field_id", "value_num", "ticket_id") WHERE "value_num" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ticket_field_value_ticket_idx" ON "ticket_field_value" ("ticket_id", "field_id");
