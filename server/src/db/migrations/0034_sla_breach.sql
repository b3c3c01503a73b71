-- SLA targets end to end (#18). Views filter and sort by a ticket's next breach time (soonest
-- first, tickets without a target last): one index over the live tickets in that order, which
-- also serves automations' "hours until SLA breach". The breach job reads only the tickets still
-- waiting on a target that is not yet marked breached, soonest first.
CREATE INDEX "ticket_sla_order_idx" ON "ticket" USING btree ("sla_due_ts" ASC NULLS LAST, "ticket_id" ASC) WHERE deleted_ts IS NULL;
--> statement-breakpoint
CREATE INDEX "ticket_sla_unbreached_idx" ON "ticket" USING btree ("sla_due_ts") WHERE deleted_ts IS NULL AND sla_breach_ts IS NULL AND sla_due_ts IS NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "ticket_sla_due_idx";
