-- A write's delta to the daily sums is written at the day level only from now on
-- (report.sums.ts, insertSums): reads count a fresh day row in the blocks of 8 and 64 days above
-- it until the compaction merges it into them. Fresh day rows written before this were written
-- to those blocks as well (as fresh rows of their own): they are not fresh in the new sense, and
-- counted twice if left so. The blocks' own fresh rows stay fresh and are merged as before.
UPDATE "report_created_day" SET "fresh" = false WHERE "fresh" AND "days" = 1;
--> statement-breakpoint
UPDATE "report_solved_day" SET "fresh" = false WHERE "fresh" AND "days" = 1;
--> statement-breakpoint
UPDATE "report_reply_day" SET "fresh" = false WHERE "fresh" AND "days" = 1;
--> statement-breakpoint
UPDATE "report_agent_day" SET "fresh" = false WHERE "fresh" AND "days" = 1;
--> statement-breakpoint
UPDATE "report_span_day" SET "fresh" = false WHERE "fresh" AND "days" = 1;
