-- The name the visitor typed for this chat: a returning visitor is found by their email, and a
-- typed address must not rename that person's account, so the chat carries the name it was
-- given ('' when none was typed, or for chats from before: the account's name shows).
ALTER TABLE chat_session ADD COLUMN IF NOT EXISTS visitor_name text NOT NULL DEFAULT '';
