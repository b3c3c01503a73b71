-- Ending a chat writes "The chat has ended" as a public comment under the agent's name. Since
-- 2026-12-05 its history entry says `source: end_chat`, and the reports do not count it as the
-- agent's reply (report.figures.ts). The entries written before are marked here, found from the
-- chat message the comment is (`reply_type` end_chat), and the reports are rebuilt from the first
-- of their tickets on (report_state: version 0 queues the rebuild at start, from `cursor`).
WITH "marked" AS (
	UPDATE "ticket_event" e SET "new_value" = e."new_value" || '{"source": "end_chat"}'::jsonb
	FROM "chat_message" m
	WHERE m."reply_type" = 'end_chat' AND e."ticket_id" = m."ticket_id" AND e."field" = 'comment'
		AND jsonb_typeof(e."new_value") = 'object' AND e."new_value"->>'comment_id' = m."comment_id"::text
		AND NOT (e."new_value" ? 'source')
	RETURNING e."ticket_id"
)
UPDATE "report_state" SET
	"cursor" = CASE WHEN "version" = 0 THEN LEAST("cursor", (SELECT min("ticket_id") - 1 FROM "marked"))
		ELSE (SELECT min("ticket_id") - 1 FROM "marked") END,
	"version" = 0
WHERE "id" = 1 AND EXISTS (SELECT 1 FROM "marked");
