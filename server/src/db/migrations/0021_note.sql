-- Notes (the settings section "macros"): named sets of actions an agent applies to a ticket.
CREATE TABLE "note" (
	"note_id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"actions" jsonb NOT NULL,
	"owner_id" integer,
	"group_id" integer,
	"creator_id" integer,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"last_used_ts" bigint,
	"create_ts" bigint NOT NULL,
	"update_ts" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_owner_id_account_account_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."account"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_group_id_agent_group_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."agent_group"("group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_creator_id_account_account_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."account"("account_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "note_title_idx" ON "note" USING btree ("title");
