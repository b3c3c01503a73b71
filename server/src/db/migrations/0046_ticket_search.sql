-- A ticket's search words in a narrow table of their own (decision 0015, "The search vector in a
-- table of its own"). In `ticket`, every write of a ticket (a state, group or assignee change:
-- never a HOT update) inserted the new row version into the GIN index again with all its words
-- (~191 a ticket at 1M), a third to two thirds of an automation batch's ticket UPDATE, and made
-- every row version carry them. Here the row is written only when the ticket's words change.
SET LOCAL maintenance_work_mem = '256MB';
--> statement-breakpoint
CREATE TABLE "ticket_search" (
	"ticket_id" integer PRIMARY KEY NOT NULL REFERENCES "ticket"("ticket_id") ON DELETE CASCADE,
	"search_vector" tsvector NOT NULL
);
--> statement-breakpoint
INSERT INTO "ticket_search" ("ticket_id", "search_vector") SELECT "ticket_id", "search_vector" FROM "ticket" ORDER BY "ticket_id";
--> statement-breakpoint
CREATE INDEX "ticket_search_vector_idx" ON "ticket_search" USING gin ("search_vector");
--> statement-breakpoint
DROP INDEX IF EXISTS "ticket_search_idx";
--> statement-breakpoint
ALTER TABLE "ticket" DROP COLUMN "search_vector";
--> statement-breakpoint
-- The search reads how common its words are from these statistics (ticket-list.service.ts).
ANALYZE "ticket_search";
