-- Chat triggers (Settings › Chat triggers, issue 13) and what a chat message carries beyond a comment:
-- quick replies the visitor can click, and whether a trigger sent it.

CREATE TABLE "chat_trigger" (
	"trigger_id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"trigger_type" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"delay_seconds" integer,
	"url_contains" text,
	"message" text,
	"question_id" integer,
	"choice_id" integer,
	"group_id" integer REFERENCES "agent_group"("group_id") ON DELETE CASCADE,
	"create_ts" bigint NOT NULL,
	"update_ts" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_message" ADD COLUMN "quick_replies" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "chat_message" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "chat_session" ADD COLUMN "route_group_id" integer REFERENCES "agent_group"("group_id") ON DELETE SET NULL;
