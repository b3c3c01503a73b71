CREATE TABLE "account_search" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"user_type" text NOT NULL,
	"company_id" integer,
	"search_text" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "account_email_trgm_idx";--> statement-breakpoint
DROP INDEX "account_real_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "account_search" ADD CONSTRAINT "account_search_account_id_account_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_search_trgm_idx" ON "account_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "account_search_type_idx" ON "account_search" USING btree ("user_type","account_id");--> statement-breakpoint
CREATE INDEX "account_search_company_idx" ON "account_search" USING btree ("company_id","account_id");--> statement-breakpoint
-- Kept in step by the database itself: every insert, and every update of a searched or filtered
-- column (including ON DELETE SET NULL of a company), rewrites the account's search row.
CREATE OR REPLACE FUNCTION account_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_search (account_id, user_type, company_id, search_text)
  VALUES (NEW.account_id, NEW.user_type, NEW.company_id, lower(NEW.email || ' ' || NEW.real_name))
  ON CONFLICT (account_id) DO UPDATE
    SET user_type = EXCLUDED.user_type, company_id = EXCLUDED.company_id, search_text = EXCLUDED.search_text;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER account_search_sync AFTER INSERT OR UPDATE OF email, real_name, user_type, company_id ON account
  FOR EACH ROW EXECUTE FUNCTION account_search_sync();--> statement-breakpoint
INSERT INTO account_search (account_id, user_type, company_id, search_text)
  SELECT account_id, user_type, company_id, lower(email || ' ' || real_name) FROM account;
