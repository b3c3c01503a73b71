-- The daily sums are built without stopping ticket writes (report.sums.ts, buildSums): while a
-- build is under way (`building`), every ticket write appends its delta to the sums, and the
-- build, which reads one snapshot, keeps the deltas of the writes its snapshot did not see.
-- Before, the build held `report_state` for update and every ticket write waited for it: 2.5
-- minutes and more at 1M tickets, at the first start after migration 0042.
ALTER TABLE "report_state" ADD COLUMN "building" boolean DEFAULT false NOT NULL;
