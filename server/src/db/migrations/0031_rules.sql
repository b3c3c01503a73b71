-- Triggers, automations, their usage and failures (#18).
CREATE TABLE "rule_trigger_category" (
	"category_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"create_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rule_trigger" (
	"trigger_id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category_id" integer REFERENCES "rule_trigger_category"("category_id") ON DELETE SET NULL,
	"position" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"conditions" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"create_ts" bigint NOT NULL,
	"update_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rule_trigger_active_idx" ON "rule_trigger" USING btree ("position", "trigger_id") WHERE active;
--> statement-breakpoint
CREATE TABLE "rule_automation" (
	"automation_id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"schedule_id" integer REFERENCES "schedule"("schedule_id") ON DELETE RESTRICT,
	"conditions" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"create_ts" bigint NOT NULL,
	"update_ts" bigint NOT NULL
);
--> statement-breakpoint
-- How often each rule fired, per UTC day: the reports read it (automation usage, last 30 days).
CREATE TABLE "rule_usage_daily" (
	"rule_kind" text NOT NULL,
	"rule_id" integer NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rule_usage_daily_pk" PRIMARY KEY ("rule_kind", "rule_id", "day")
);
--> statement-breakpoint
-- A rule that failed on a ticket: the change was kept, the rule's part rolled back; this says why.
CREATE TABLE "rule_failure" (
	"failure_id" bigserial PRIMARY KEY NOT NULL,
	"rule_kind" text NOT NULL,
	"rule_id" integer NOT NULL,
	"ticket_id" integer,
	"error" text NOT NULL,
	"create_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rule_failure_rule_idx" ON "rule_failure" USING btree ("rule_kind", "rule_id", "failure_id" DESC);
--> statement-breakpoint
-- When the state, the assignee and the requester's own update last changed: automations'
-- "hours since pending / assigned / requester updated" read these through indexes.
ALTER TABLE "ticket" ADD COLUMN "state_ts" bigint;
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "assigned_ts" bigint;
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "requester_update_ts" bigint;
--> statement-breakpoint
CREATE INDEX "ticket_state_ts_idx" ON "ticket" USING btree ("ticket_state", "state_ts") WHERE deleted_ts IS NULL;
--> statement-breakpoint
CREATE INDEX "ticket_assigned_ts_idx" ON "ticket" USING btree ("assigned_ts") WHERE deleted_ts IS NULL AND assignee_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ticket_requester_update_ts_idx" ON "ticket" USING btree ("requester_update_ts") WHERE deleted_ts IS NULL;
