-- Lists, counts and deep pages read the ticket indexes index-only, which holds only while the
-- visibility map is fresh. By default PostgreSQL vacuums a table after inserts of a fifth of its
-- rows (200,000 at a million tickets); until then every page that took a new or changed ticket
-- sends index-only scans back to the table (measured: 354,000 heap fetches and 1.6 s for one walk
-- of a million ticket ids after 73,000 new tickets). Vacuum the busy ticket tables after 1 % of
-- their rows changed or arrived instead. PGlite has no autovacuum; these settings do nothing there.
ALTER TABLE ticket SET (
  autovacuum_vacuum_scale_factor = 0.01,
  autovacuum_vacuum_insert_scale_factor = 0.01,
  autovacuum_analyze_scale_factor = 0.02
);
--> statement-breakpoint
ALTER TABLE ticket_comment SET (autovacuum_vacuum_insert_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE ticket_event SET (autovacuum_vacuum_insert_scale_factor = 0.02);
