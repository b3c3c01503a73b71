-- Live chat (issue 13): a chat is a ticket (ticket_type chat, source chat) and its messages are
-- the ticket's comments. These tables hold only what a ticket has no place for.

-- One row per chat ticket: the visitor's key, where they came from, what they answered, who took it.
CREATE TABLE "chat_session" (
	"ticket_id" integer PRIMARY KEY NOT NULL REFERENCES "ticket"("ticket_id") ON DELETE CASCADE,
	"visitor_token_hash" text NOT NULL,
	"visitor_id" integer NOT NULL REFERENCES "account"("account_id") ON DELETE CASCADE,
	"page_url" text DEFAULT '' NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visitor_ip" text DEFAULT '' NOT NULL,
	"accepted_by" integer REFERENCES "account"("account_id") ON DELETE SET NULL,
	"accepted_ts" bigint,
	"ended_ts" bigint,
	"last_visitor_ts" bigint NOT NULL,
	"create_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chat_session_token_idx" ON "chat_session" ("visitor_token_hash");
--> statement-breakpoint
CREATE INDEX "chat_session_waiting_idx" ON "chat_session" ("create_ts") WHERE accepted_by IS NULL AND ended_ts IS NULL;
--> statement-breakpoint
CREATE INDEX "chat_session_agent_idx" ON "chat_session" ("accepted_by") WHERE ended_ts IS NULL;
--> statement-breakpoint

-- A comment that is a chat message: the client's retry key and the end-chat marker.
CREATE TABLE "chat_message" (
	"comment_id" integer PRIMARY KEY NOT NULL REFERENCES "ticket_comment"("comment_id") ON DELETE CASCADE,
	"ticket_id" integer NOT NULL REFERENCES "ticket"("ticket_id") ON DELETE CASCADE,
	"client_message_id" text,
	"reply_type" text,
	"from_visitor" boolean NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chat_message_client_idx" ON "chat_message" ("ticket_id", "client_message_id") WHERE client_message_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "chat_message_ticket_idx" ON "chat_message" ("ticket_id", "comment_id");
