-- The ticket's next SLA target (#18): which metric, when it breaches, minutes left while paused,
-- and when it breached. Conditions read them ("hours until SLA breach", "SLA breached"); the SLA
-- policies that will set them are not built yet (see the notes of the rules work).
ALTER TABLE "ticket" ADD COLUMN "sla_metric" text;
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_due_ts" bigint;
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_paused_left" integer;
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_breach_ts" bigint;
--> statement-breakpoint
CREATE INDEX "ticket_sla_due_idx" ON "ticket" USING btree ("sla_due_ts", "ticket_id") WHERE deleted_ts IS NULL AND sla_due_ts IS NOT NULL;
