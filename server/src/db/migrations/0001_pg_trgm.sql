-- Trigram matching for keyword search (ILIKE '%kw%') on accounts, organizations and later tickets.
-- PGlite loads the extension in db/client.ts; on PostgreSQL it ships with the server (contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
