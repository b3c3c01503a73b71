-- Daily sums per tag (issue 19, decision 0009): every sum table gets a `tag` key. Rows with
-- tag '' count every ticket (what the tables held so far); a ticket also counts once in the rows
-- of each tag it carries now, so a report filtered by a tag reads sums instead of the per-ticket
-- rows of the tag's tickets. Reads pick one tag (`tag = ''` without a filter): the day indexes
-- lead with it. The compaction merges per (tag, days, day).
ALTER TABLE "report_created_day" ADD COLUMN "tag" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "report_solved_day" ADD COLUMN "tag" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "report_reply_day" ADD COLUMN "tag" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "report_agent_day" ADD COLUMN "tag" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "report_span_day" ADD COLUMN "tag" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "report_now" ADD COLUMN "tag" text DEFAULT '' NOT NULL;
--> statement-breakpoint
DROP INDEX "report_created_day_day_idx";
--> statement-breakpoint
DROP INDEX "report_solved_day_day_idx";
--> statement-breakpoint
DROP INDEX "report_reply_day_day_idx";
--> statement-breakpoint
DROP INDEX "report_agent_day_day_idx";
--> statement-breakpoint
DROP INDEX "report_span_day_day_idx";
--> statement-breakpoint
CREATE INDEX "report_created_day_day_idx" ON "report_created_day" ("tag", "days", "day");
--> statement-breakpoint
CREATE INDEX "report_solved_day_day_idx" ON "report_solved_day" ("tag", "days", "day");
--> statement-breakpoint
CREATE INDEX "report_reply_day_day_idx" ON "report_reply_day" ("tag", "days", "day");
--> statement-breakpoint
CREATE INDEX "report_agent_day_day_idx" ON "report_agent_day" ("tag", "days", "day");
--> statement-breakpoint
CREATE INDEX "report_span_day_day_idx" ON "report_span_day" ("tag", "days", "day");
--> statement-breakpoint
CREATE INDEX "report_now_tag_idx" ON "report_now" ("tag");
--> statement-breakpoint
-- The sums held no tag rows: off (reads use the per-ticket rows, writes add no deltas) until
-- rebuilt by the report.rebuild job at start or `npm run reports:rebuild -- --sums`. A database
-- without tickets keeps them on.
UPDATE "report_state" SET "rollups" = NOT EXISTS (SELECT 1 FROM "ticket") WHERE "id" = 1;
