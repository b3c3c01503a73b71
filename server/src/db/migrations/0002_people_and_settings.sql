CREATE TABLE "black" (
	"black_id" serial PRIMARY KEY NOT NULL,
	"black_type" text NOT NULL,
	"black_value" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"creator_id" integer,
	"create_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_question" (
	"question_id" serial PRIMARY KEY NOT NULL,
	"question_module" text NOT NULL,
	"title" text NOT NULL,
	"rule_question_id" integer,
	"rule_choice_id" integer,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"question_type" text NOT NULL,
	"need_submit_user_info" boolean DEFAULT false NOT NULL,
	"end_live_chat" boolean DEFAULT false NOT NULL,
	"end_live_message" text DEFAULT '' NOT NULL,
	"create_ts" bigint NOT NULL,
	"update_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shortcut" (
	"shortcut_id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"allow_type" text NOT NULL,
	"tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"choice_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"creator_id" integer,
	"create_ts" bigint NOT NULL,
	"update_ts" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "black" ADD CONSTRAINT "black_creator_id_account_account_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."account"("account_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_question" ADD CONSTRAINT "chat_question_rule_question_id_chat_question_question_id_fk" FOREIGN KEY ("rule_question_id") REFERENCES "public"."chat_question"("question_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortcut" ADD CONSTRAINT "shortcut_creator_id_account_account_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."account"("account_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "black_type_value_uq" ON "black" USING btree ("black_type","black_value");--> statement-breakpoint
CREATE INDEX "black_create_idx" ON "black" USING btree ("create_ts");--> statement-breakpoint
CREATE INDEX "chat_question_module_idx" ON "chat_question" USING btree ("question_module","question_id");--> statement-breakpoint
CREATE INDEX "shortcut_creator_idx" ON "shortcut" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "shortcut_allow_type_idx" ON "shortcut" USING btree ("allow_type");--> statement-breakpoint
CREATE INDEX "account_email_trgm_idx" ON "account" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "account_real_name_trgm_idx" ON "account" USING gin ("real_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "company_name_trgm_idx" ON "company" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "company_domains_idx" ON "company" USING gin ("company_domains");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_group_default_uq" ON "agent_group" USING btree ("is_default") WHERE "agent_group"."is_default";