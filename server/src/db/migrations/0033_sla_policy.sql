-- SLA policies (#18): targets in minutes per priority, chosen by conditions (first match by position).
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
