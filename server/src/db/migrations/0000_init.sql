CREATE TABLE "account" (
	"account_id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"real_name" text DEFAULT '' NOT NULL,
	"password_hash" text,
	"user_type" text NOT NULL,
	"ticket_access" text DEFAULT 'all' NOT NULL,
	"reply_access" text DEFAULT 'public' NOT NULL,
	"can_close_ticket" boolean DEFAULT true NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"alias_name" text DEFAULT '' NOT NULL,
	"signature" text DEFAULT '' NOT NULL,
	"enable_signature" boolean DEFAULT false NOT NULL,
	"default_language" text DEFAULT 'en' NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"inner_notes" text DEFAULT '' NOT NULL,
	"allow_check_email" boolean DEFAULT false NOT NULL,
	"tool_access" text[] DEFAULT '{}'::text[] NOT NULL,
	"chat_state" text DEFAULT 'offline' NOT NULL,
	"access_state" text DEFAULT 'allowed' NOT NULL,
	"company_id" integer,
	"setting_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_ts" bigint NOT NULL,
	"update_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_visit" (
	"visit_id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"create_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failure" (
	"id" serial PRIMARY KEY NOT NULL,
	"throttle_key" text NOT NULL,
	"create_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"session_id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"stay_login" boolean NOT NULL,
	"create_ts" bigint NOT NULL,
	"last_used_ts" bigint NOT NULL,
	"expires_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company" (
	"company_id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"company_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"create_ts" bigint NOT NULL,
	"update_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_role" (
	"account_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "account_role_account_id_role_id_pk" PRIMARY KEY("account_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "agent_group" (
	"group_id" serial PRIMARY KEY NOT NULL,
	"group_name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"create_ts" bigint NOT NULL,
	"update_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_node" (
	"node_id" serial PRIMARY KEY NOT NULL,
	"node_type" text NOT NULL,
	"node_title" text NOT NULL,
	"node_value" text NOT NULL,
	"node_state" text DEFAULT 'active' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_pkg" (
	"pkg_id" serial PRIMARY KEY NOT NULL,
	"pkg_title" text NOT NULL,
	"create_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_pkg_node" (
	"pkg_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	CONSTRAINT "auth_pkg_node_pkg_id_node_id_pk" PRIMARY KEY("pkg_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "group_account" (
	"group_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	CONSTRAINT "group_account_group_id_account_id_pk" PRIMARY KEY("group_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "role" (
	"role_id" serial PRIMARY KEY NOT NULL,
	"role_name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"role_state" text DEFAULT 'active' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"create_ts" bigint NOT NULL,
	"update_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_pkg" (
	"role_id" integer NOT NULL,
	"pkg_id" integer NOT NULL,
	CONSTRAINT "role_pkg_role_id_pkg_id_pk" PRIMARY KEY("role_id","pkg_id")
);
--> statement-breakpoint
CREATE TABLE "setting" (
	"setting_module" text NOT NULL,
	"setting_key" text NOT NULL,
	"setting_value" jsonb NOT NULL,
	"update_ts" bigint NOT NULL,
	CONSTRAINT "setting_setting_module_setting_key_pk" PRIMARY KEY("setting_module","setting_key")
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_company_id_company_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("company_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_visit" ADD CONSTRAINT "account_visit_account_id_account_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_account_id_account_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_role" ADD CONSTRAINT "account_role_account_id_account_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_role" ADD CONSTRAINT "account_role_role_id_role_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_pkg_node" ADD CONSTRAINT "auth_pkg_node_pkg_id_auth_pkg_pkg_id_fk" FOREIGN KEY ("pkg_id") REFERENCES "public"."auth_pkg"("pkg_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_pkg_node" ADD CONSTRAINT "auth_pkg_node_node_id_auth_node_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."auth_node"("node_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_account" ADD CONSTRAINT "group_account_group_id_agent_group_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."agent_group"("group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_account" ADD CONSTRAINT "group_account_account_id_account_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_pkg" ADD CONSTRAINT "role_pkg_role_id_role_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_pkg" ADD CONSTRAINT "role_pkg_pkg_id_auth_pkg_pkg_id_fk" FOREIGN KEY ("pkg_id") REFERENCES "public"."auth_pkg"("pkg_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_email_uq" ON "account" USING btree ("email");--> statement-breakpoint
CREATE INDEX "account_user_type_idx" ON "account" USING btree ("user_type","account_id");--> statement-breakpoint
CREATE INDEX "account_company_idx" ON "account" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "account_visit_account_idx" ON "account_visit" USING btree ("account_id","create_ts");--> statement-breakpoint
CREATE INDEX "login_failure_key_ts_idx" ON "login_failure" USING btree ("throttle_key","create_ts");--> statement-breakpoint
CREATE UNIQUE INDEX "session_token_uq" ON "session" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "session_account_idx" ON "session" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "account_role_role_idx" ON "account_role" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_node_type_value_uq" ON "auth_node" USING btree ("node_type","node_value");--> statement-breakpoint
CREATE INDEX "auth_pkg_node_node_idx" ON "auth_pkg_node" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "group_account_account_idx" ON "group_account" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "role_pkg_pkg_idx" ON "role_pkg" USING btree ("pkg_id");