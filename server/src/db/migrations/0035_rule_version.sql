-- Versions of the rule sets (#18): every save of a trigger or an SLA policy (add, edit, reorder,
-- delete) adds one in its own transaction. A server process keeps the active triggers in memory
-- and reads only this number per ticket change to know they are current (several processes stay
-- right without a message between them); the SLA recompute job stops when a newer save queued
-- another run over the tickets.
CREATE TABLE "rule_version" (
	"kind" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "rule_version" ("kind", "version") VALUES ('trigger', 0), ('sla', 0);
