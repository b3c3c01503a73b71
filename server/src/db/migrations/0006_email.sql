-- Email channel (issue 12). Hand-written. The job queue's own tables live in the `pgboss`
-- schema, created and migrated by pg-boss at start (docs/decisions/0004-job-queue.md).

-- Every Message-ID Parley sent or received, with the ticket it belongs to: threading by
-- In-Reply-To/References, and the unique index makes a mail fetched twice one ticket or comment.
CREATE TABLE "mail_message" (
	"message_id" text PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"ticket_id" integer NOT NULL REFERENCES "ticket" ("ticket_id") ON DELETE CASCADE,
	"comment_id" integer,
	"from_address" text DEFAULT '' NOT NULL,
	"create_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_message_ticket_idx" ON "mail_message" ("ticket_id");
--> statement-breakpoint
-- Incoming mails that were not turned into a ticket or comment: unparseable (kept raw for an
-- admin), bounces, auto-replies, banned senders. One row per Message-ID (or raw hash).
CREATE TABLE "mail_inbox_log" (
	"log_id" serial PRIMARY KEY NOT NULL,
	"message_key" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"raw_file" text,
	"raw_size" integer DEFAULT 0 NOT NULL,
	"create_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mail_inbox_log_key_idx" ON "mail_inbox_log" ("message_key");
--> statement-breakpoint
CREATE INDEX "mail_inbox_log_create_idx" ON "mail_inbox_log" ("create_ts" DESC);
--> statement-breakpoint
-- Addresses a delivery failed for (a bounce came back): no more mail is sent to them.
CREATE TABLE "mail_bounce" (
	"address" text PRIMARY KEY NOT NULL,
	"ticket_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"create_ts" bigint NOT NULL
);
