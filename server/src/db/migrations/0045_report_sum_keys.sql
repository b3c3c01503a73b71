-- Each daily-sum row's whole key, for the rows merged already (not fresh): the minute's merge of
-- the deltas (report.sums.ts, compactSums) now folds each fresh row into the rows of its own key
-- only, found through this index, instead of rewriting every row of each day and block a fresh
-- row lay in (at 1M tickets, 33-46 s of PostgreSQL for an automation catch-up's 5,000 tickets).
CREATE INDEX IF NOT EXISTS "report_created_day_key_idx" ON "report_created_day" ("tag", "days", "day", "group_id", "assignee_id", "source") WHERE NOT fresh;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_solved_day_key_idx" ON "report_solved_day" ("tag", "days", "day", "group_id", "assignee_id", "source") WHERE NOT fresh;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_reply_day_key_idx" ON "report_reply_day" ("tag", "days", "day", "group_id", "assignee_id", "source", "agent_id") WHERE NOT fresh;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_agent_day_key_idx" ON "report_agent_day" ("tag", "days", "day", "group_id", "assignee_id", "source", "agent_id", "kind") WHERE NOT fresh;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_span_day_key_idx" ON "report_span_day" ("tag", "days", "day", "group_id", "assignee_id", "source", "edge") WHERE NOT fresh;
