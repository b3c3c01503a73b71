-- Versions of the rule sets (#18): every save of a trigger or an SLA policy (add, edit, reorder,
-- delete) sets its kind's version to the next value of one sequence, in the saving transaction.
-- A sequence value is never given twice, even when the saving transaction rolls back (the
-- trigger dry run saves a draft and rolls back): a version names one committed rule set. A server
-- process keeps the active triggers in memory and reads only this number per ticket change to
-- know they are current (several processes stay right without a message between them); the SLA
-- recompute job stops when a newer save queued another run over the tickets.
CREATE SEQUENCE "rule_version_seq";
--> statement-breakpoint
CREATE TABLE "rule_version" (
	"kind" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "rule_version" ("kind", "version") VALUES ('trigger', 0), ('sla', 0);
