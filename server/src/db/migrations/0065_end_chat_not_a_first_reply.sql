-- Ending a chat writes "The chat has ended" as a public comment under the agent's name; until
-- 2026-12-06 it set the ticket's first reply time when no agent had written before it (a chat
-- accepted and ended without a word looked answered). That time is taken again here from the
-- ticket's first public comment by an agent or admin other than its requester that is not an end
-- of chat (NULL when there is none), for the tickets whose first reply time is such a message's.
UPDATE "ticket" t SET "first_reply_ts" = (
	SELECT min(c."create_ts") FROM "ticket_comment" c JOIN "account" a ON a."account_id" = c."author_id"
	WHERE c."ticket_id" = t."ticket_id" AND c."is_public" AND a."user_type" IN ('admin', 'agent')
		AND c."author_id" <> t."requester_id"
		AND NOT EXISTS (SELECT 1 FROM "chat_message" e WHERE e."comment_id" = c."comment_id" AND e."reply_type" = 'end_chat')
)
FROM "chat_message" m JOIN "ticket_comment" ec ON ec."comment_id" = m."comment_id"
WHERE m."reply_type" = 'end_chat' AND m."ticket_id" = t."ticket_id" AND ec."create_ts" = t."first_reply_ts";
