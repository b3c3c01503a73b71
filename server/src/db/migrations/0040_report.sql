-- Dashboard and reports (issue 19): facts derived from the ticket event log by one definition
-- (modules/report/report.figures.ts), kept in the transaction of every ticket write, so that
-- a report reads narrow indexed rows instead of walking ticket_event.

-- One row per ticket: the dimensions a report filters on (as the ticket is now) and its figures.
CREATE TABLE "report_ticket" (
	"ticket_id" integer PRIMARY KEY NOT NULL REFERENCES "ticket"("ticket_id") ON DELETE CASCADE,
	"create_ts" bigint NOT NULL,
	"source" text NOT NULL,
	"group_id" integer,
	"assignee_id" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"ticket_state" text NOT NULL,
	"priority" text NOT NULL,
	"deleted" boolean NOT NULL,
	"satisfaction" text NOT NULL,
	"offered" boolean NOT NULL,
	"first_reply_ts" bigint,
	"first_reply_by" integer,
	"first_reply_ms" bigint,
	"solved_ts" bigint,
	"resolution_ms" bigint,
	"wait_ms" bigint
);
--> statement-breakpoint
CREATE INDEX "report_ticket_create_idx" ON "report_ticket" ("create_ts") INCLUDE ("group_id", "assignee_id", "first_reply_ms") WHERE NOT deleted;
--> statement-breakpoint
CREATE INDEX "report_ticket_solved_idx" ON "report_ticket" ("solved_ts") INCLUDE ("group_id", "assignee_id", "resolution_ms", "wait_ms") WHERE NOT deleted AND solved_ts IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "report_ticket_first_reply_idx" ON "report_ticket" ("first_reply_ts") WHERE NOT deleted AND first_reply_ts IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "report_ticket_unsolved_idx" ON "report_ticket" ("ticket_state", "create_ts") WHERE NOT deleted AND ticket_state IN ('new', 'open', 'pending');
--> statement-breakpoint
CREATE INDEX "report_ticket_tags_idx" ON "report_ticket" USING gin ("tags");
--> statement-breakpoint
-- What agents did (one row per event and kind): update, reply, assigned, solved.
CREATE TABLE "report_action" (
	"event_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"ticket_id" integer NOT NULL REFERENCES "ticket"("ticket_id") ON DELETE CASCADE,
	"agent_id" integer,
	"action_ts" bigint NOT NULL,
	PRIMARY KEY ("event_id", "kind")
);
--> statement-breakpoint
CREATE INDEX "report_action_ts_idx" ON "report_action" ("kind", "action_ts") INCLUDE ("agent_id", "ticket_id");
--> statement-breakpoint
CREATE INDEX "report_action_ticket_idx" ON "report_action" ("ticket_id");
--> statement-breakpoint
-- The intervals a ticket spent unsolved (new, open, pending): the backlog's "open at day end".
CREATE TABLE "report_span" (
	"ticket_id" integer NOT NULL REFERENCES "ticket"("ticket_id") ON DELETE CASCADE,
	"from_ts" bigint NOT NULL,
	"to_ts" bigint,
	PRIMARY KEY ("ticket_id", "from_ts")
);
--> statement-breakpoint
CREATE INDEX "report_span_from_idx" ON "report_span" ("from_ts") INCLUDE ("ticket_id");
--> statement-breakpoint
CREATE INDEX "report_span_to_idx" ON "report_span" ("to_ts") INCLUDE ("ticket_id");
--> statement-breakpoint
CREATE INDEX "report_span_open_idx" ON "report_span" ("ticket_id") WHERE to_ts IS NULL;
--> statement-breakpoint
-- How far the rebuild from the event log got: version 0 means "never built" (existing tickets
-- are then rebuilt by the report.rebuild job at start, or `npm run reports:rebuild`).
CREATE TABLE "report_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"cursor" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "report_state" ("id", "version", "cursor") VALUES (1, 0, 0);
