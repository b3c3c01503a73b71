-- Since when a chat waits for an agent: set when it starts and when it goes back to the queue
-- (a transfer to a group), cleared when an agent takes it. A chat that waits longer than
-- Settings › Chats' "missed after" ends as missed (modules/chat/chat.missed.ts).
ALTER TABLE chat_session ADD COLUMN IF NOT EXISTS waiting_ts bigint;
UPDATE chat_session SET waiting_ts = create_ts WHERE accepted_by IS NULL AND ended_ts IS NULL;
