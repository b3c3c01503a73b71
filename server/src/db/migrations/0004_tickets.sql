CREATE TABLE "ticket" (
	"ticket_id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"ticket_state" text NOT NULL,
	"ticket_type" text DEFAULT 'question' NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"source" text NOT NULL,
	"requester_id" integer NOT NULL,
	"submitter_id" integer,
	"assignee_id" integer,
	"group_id" integer,
	"company_id" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"satisfaction" text DEFAULT 'unoffered' NOT NULL,
	"satisfaction_comment" text DEFAULT '' NOT NULL,
	"satisfaction_token" text,
	"search_vector" "tsvector" NOT NULL,
	"create_ts" bigint NOT NULL,
	"update_ts" bigint NOT NULL,
	"first_reply_ts" bigint,
	"solved_ts" bigint,
	"deleted_ts" bigint
);
--> statement-breakpoint
CREATE TABLE "ticket_attachment" (
	"file_id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploader_id" integer,
	"ticket_id" integer,
	"comment_id" integer,
	"create_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_comment" (
	"comment_id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"is_public" boolean NOT NULL,
	"create_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_event" (
	"event_id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"actor_id" integer,
	"field" text NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb,
	"create_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_member" (
	"ticket_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"member_type" text NOT NULL,
	CONSTRAINT "ticket_member_ticket_id_member_type_account_id_pk" PRIMARY KEY("ticket_id","member_type","account_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_tag" (
	"tag_name" text PRIMARY KEY NOT NULL,
	"create_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_throttle" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"throttle_key" text NOT NULL,
	"create_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_view" (
	"view_id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"title_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"conditions" jsonb NOT NULL,
	"columns" text[] NOT NULL,
	"sort" text NOT NULL,
	"position" integer NOT NULL,
	"view_state" text DEFAULT 'active' NOT NULL,
	"owner_id" integer,
	"create_ts" bigint NOT NULL,
	"update_ts" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_requester_id_account_account_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."account"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_submitter_id_account_account_id_fk" FOREIGN KEY ("submitter_id") REFERENCES "public"."account"("account_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_assignee_id_account_account_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."account"("account_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_group_id_agent_group_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."agent_group"("group_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_company_id_company_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("company_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachment" ADD CONSTRAINT "ticket_attachment_uploader_id_account_account_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."account"("account_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachment" ADD CONSTRAINT "ticket_attachment_ticket_id_ticket_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("ticket_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachment" ADD CONSTRAINT "ticket_attachment_comment_id_ticket_comment_comment_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."ticket_comment"("comment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comment" ADD CONSTRAINT "ticket_comment_ticket_id_ticket_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("ticket_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comment" ADD CONSTRAINT "ticket_comment_author_id_account_account_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."account"("account_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_event" ADD CONSTRAINT "ticket_event_ticket_id_ticket_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("ticket_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_event" ADD CONSTRAINT "ticket_event_actor_id_account_account_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."account"("account_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_member" ADD CONSTRAINT "ticket_member_ticket_id_ticket_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("ticket_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_member" ADD CONSTRAINT "ticket_member_account_id_account_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_view" ADD CONSTRAINT "ticket_view_owner_id_account_account_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."account"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_live_update_idx" ON "ticket" USING btree ("update_ts" DESC NULLS LAST,"ticket_id" DESC NULLS LAST) WHERE deleted_ts IS NULL;--> statement-breakpoint
CREATE INDEX "ticket_unsolved_update_idx" ON "ticket" USING btree ("update_ts" DESC NULLS LAST,"ticket_id" DESC NULLS LAST) WHERE deleted_ts IS NULL AND ticket_state IN ('new', 'open', 'pending');--> statement-breakpoint
CREATE INDEX "ticket_unassigned_update_idx" ON "ticket" USING btree ("update_ts" DESC NULLS LAST,"ticket_id" DESC NULLS LAST) WHERE deleted_ts IS NULL AND ticket_state IN ('new', 'open', 'pending') AND assignee_id IS NULL;--> statement-breakpoint
CREATE INDEX "ticket_state_update_idx" ON "ticket" USING btree ("ticket_state","update_ts" DESC NULLS LAST,"ticket_id" DESC NULLS LAST) WHERE deleted_ts IS NULL;--> statement-breakpoint
CREATE INDEX "ticket_assignee_update_idx" ON "ticket" USING btree ("assignee_id","update_ts" DESC NULLS LAST,"ticket_id" DESC NULLS LAST,"ticket_state") WHERE deleted_ts IS NULL;--> statement-breakpoint
CREATE INDEX "ticket_group_update_idx" ON "ticket" USING btree ("group_id","update_ts" DESC NULLS LAST,"ticket_id" DESC NULLS LAST) WHERE deleted_ts IS NULL;--> statement-breakpoint
CREATE INDEX "ticket_company_update_idx" ON "ticket" USING btree ("company_id","update_ts" DESC NULLS LAST,"ticket_id" DESC NULLS LAST) WHERE deleted_ts IS NULL;--> statement-breakpoint
CREATE INDEX "ticket_requester_update_idx" ON "ticket" USING btree ("requester_id","update_ts" DESC NULLS LAST,"ticket_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ticket_live_create_idx" ON "ticket" USING btree ("create_ts" DESC NULLS LAST,"ticket_id" DESC NULLS LAST) WHERE deleted_ts IS NULL;--> statement-breakpoint
CREATE INDEX "ticket_solved_idx" ON "ticket" USING btree ("solved_ts" DESC NULLS LAST,"ticket_id" DESC NULLS LAST) WHERE deleted_ts IS NULL AND ticket_state = 'solved';--> statement-breakpoint
CREATE INDEX "ticket_deleted_update_idx" ON "ticket" USING btree ("update_ts" DESC NULLS LAST,"ticket_id" DESC NULLS LAST) WHERE deleted_ts IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ticket_tags_idx" ON "ticket" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "ticket_search_idx" ON "ticket" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_satisfaction_token_uq" ON "ticket" USING btree ("satisfaction_token") WHERE satisfaction_token IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ticket_attachment_comment_idx" ON "ticket_attachment" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "ticket_attachment_unused_idx" ON "ticket_attachment" USING btree ("create_ts") WHERE comment_id IS NULL;--> statement-breakpoint
CREATE INDEX "ticket_comment_ticket_idx" ON "ticket_comment" USING btree ("ticket_id","comment_id");--> statement-breakpoint
CREATE INDEX "ticket_event_ticket_idx" ON "ticket_event" USING btree ("ticket_id","event_id");--> statement-breakpoint
CREATE INDEX "ticket_event_create_idx" ON "ticket_event" USING btree ("create_ts");--> statement-breakpoint
CREATE INDEX "ticket_member_account_idx" ON "ticket_member" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ticket_tag_name_prefix_idx" ON "ticket_tag" USING btree ("tag_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ticket_throttle_key_ts_idx" ON "ticket_throttle" USING btree ("throttle_key","create_ts");--> statement-breakpoint
CREATE INDEX "ticket_view_position_idx" ON "ticket_view" USING btree ("position","view_id");--> statement-breakpoint
-- The usual views, seeded as data: conditions (JSON), columns (at most 10), sort and position.
INSERT INTO "ticket_view" ("title", "title_i18n", "conditions", "columns", "sort", "position", "create_ts", "update_ts") VALUES
('Your unsolved tickets', '{"en":"Your unsolved tickets","zh-cn":"您未解决的工单"}', '{"all":[{"field":"ticket_state","operator":"in","value":["new","open","pending"]},{"field":"assignee_id","operator":"is","value":"current_user"}]}', '{ticket_id,subject,requester,ticket_state,priority,group,update_ts}', '-update_ts', 1, 0, 0),
('Unassigned tickets', '{"en":"Unassigned tickets","zh-cn":"未分配的工单"}', '{"all":[{"field":"ticket_state","operator":"in","value":["new","open","pending"]},{"field":"assignee_id","operator":"is","value":null}]}', '{ticket_id,subject,requester,ticket_state,priority,group,create_ts,update_ts}', '-update_ts', 2, 0, 0),
('All unsolved tickets', '{"en":"All unsolved tickets","zh-cn":"所有未解决的工单"}', '{"all":[{"field":"ticket_state","operator":"in","value":["new","open","pending"]}]}', '{ticket_id,subject,requester,ticket_state,priority,assignee,group,update_ts}', '-update_ts', 3, 0, 0),
('Recently updated tickets', '{"en":"Recently updated tickets","zh-cn":"最近更新的工单"}', '{"all":[{"field":"hours_since_update","operator":"less_than","value":168}]}', '{ticket_id,subject,requester,ticket_state,assignee,update_ts}', '-update_ts', 4, 0, 0),
('Pending tickets', '{"en":"Pending tickets","zh-cn":"待回应的工单"}', '{"all":[{"field":"ticket_state","operator":"is","value":["pending"]}]}', '{ticket_id,subject,requester,assignee,group,update_ts}', '-update_ts', 5, 0, 0),
('Recently solved tickets', '{"en":"Recently solved tickets","zh-cn":"最近解决的工单"}', '{"all":[{"field":"ticket_state","operator":"is","value":["solved"]},{"field":"hours_since_solved","operator":"less_than","value":168}]}', '{ticket_id,subject,requester,assignee,satisfaction,solved_ts}', '-solved_ts', 6, 0, 0),
('Deleted tickets', '{"en":"Deleted tickets","zh-cn":"已删除的工单"}', '{"all":[{"field":"deleted","operator":"is","value":true}]}', '{ticket_id,subject,requester,ticket_state,update_ts}', '-update_ts', 7, 0, 0);
