-- Which version of the search tokens the tickets' search_vector holds (ticket-search/search-index.ts),
-- and how far the background reindex got. A database without tickets starts current.
CREATE TABLE search_index_state (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  version integer NOT NULL,
  cursor integer NOT NULL DEFAULT 0
);
INSERT INTO search_index_state (id, version, cursor)
  SELECT 1, CASE WHEN EXISTS (SELECT 1 FROM ticket) THEN 1 ELSE 2 END, 0;
