-- Support addresses (issue 12): several addresses, each an alias of the main mailbox or with its
-- own IMAP mailbox, and the group its new tickets go to. Hand-written.
CREATE TABLE "mail_address" (
	"address_id" serial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"group_id" integer REFERENCES "agent_group" ("group_id") ON DELETE SET NULL,
	"has_mailbox" boolean DEFAULT false NOT NULL,
	"imap_host" text DEFAULT '' NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"password" text DEFAULT '' NOT NULL,
	"use_ssl" boolean DEFAULT true NOT NULL,
	"create_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mail_address_address_idx" ON "mail_address" ("address");
--> statement-breakpoint
-- The support address a ticket came in on: its mails go out from that address.
CREATE TABLE "mail_ticket" (
	"ticket_id" integer PRIMARY KEY NOT NULL REFERENCES "ticket" ("ticket_id") ON DELETE CASCADE,
	"address" text NOT NULL
);
--> statement-breakpoint
-- A mailed attachment too large to travel with the mail goes as a link: the token is the
-- customer's only key to that one file (they have no sign-in).
CREATE TABLE "mail_attachment_link" (
	"token" text PRIMARY KEY NOT NULL,
	"file_id" text NOT NULL,
	"create_ts" bigint NOT NULL
);
