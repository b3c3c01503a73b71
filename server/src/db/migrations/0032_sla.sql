-- SLA policies (#18): targets per priority, chosen by conditions; each ticket keeps its next target.
CREATE TABLE "sla_policy" (
	"policy_id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	"conditions" jsonb NOT NULL,
	"targets" jsonb NOT NULL,
	"schedule_id" integer REFERENCES "schedule"("schedule_id") ON DELETE RESTRICT,
	"pause_pending" boolean DEFAULT true NOT NULL,
	"create_ts" bigint NOT NULL,
	"update_ts" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_policy_id" integer;
--> statement-breakpoint
-- The next target: which metric, when it breaches (null while paused or none), minutes left when paused.
ALTER TABLE "ticket" ADD COLUMN "sla_metric" text;
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_due_ts" bigint;
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_paused_left" integer;
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_breach_ts" bigint;
--> statement-breakpoint
CREATE INDEX "ticket_sla_due_idx" ON "ticket" USING btree ("sla_due_ts", "ticket_id") WHERE deleted_ts IS NULL AND sla_due_ts IS NOT NULL;
