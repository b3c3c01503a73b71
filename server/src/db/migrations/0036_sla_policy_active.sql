-- SLA policies can be switched off without being deleted (#18): an inactive policy is never
-- chosen for a ticket; switching it saves like an edit (the open tickets' targets are recomputed).
ALTER TABLE "sla_policy" ADD COLUMN "active" boolean DEFAULT true NOT NULL;
