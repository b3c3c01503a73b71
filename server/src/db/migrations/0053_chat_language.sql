-- The language the visitor's widget spoke when the chat started: what Parley tells that visitor
-- later (a missed chat) is in it, whatever language their account had from an earlier visit.
ALTER TABLE chat_session ADD COLUMN IF NOT EXISTS lang text NOT NULL DEFAULT '';
