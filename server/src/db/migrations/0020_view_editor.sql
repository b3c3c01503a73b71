-- The views editor: a view may be shared with one group, and grouped by a property.
ALTER TABLE "ticket_view" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "ticket_view" ADD COLUMN "group_by" text;--> statement-breakpoint
ALTER TABLE "ticket_view" ADD CONSTRAINT "ticket_view_group_id_agent_group_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."agent_group"("group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Views filtered or grouped by priority or type read a range of their own index, in the list's order.
CREATE INDEX "ticket_priority_update_idx" ON "ticket" USING btree ("priority","update_ts" DESC NULLS LAST,"ticket_id" DESC NULLS LAST) WHERE deleted_ts IS NULL;--> statement-breakpoint
CREATE INDEX "ticket_type_update_idx" ON "ticket" USING btree ("ticket_type","update_ts" DESC NULLS LAST,"ticket_id" DESC NULLS LAST) WHERE deleted_ts IS NULL;
