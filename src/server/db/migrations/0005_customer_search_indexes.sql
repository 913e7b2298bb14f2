DROP INDEX "accounts_sponsor_idx";--> statement-breakpoint
DROP INDEX "accounts_enroller_idx";--> statement-breakpoint
CREATE INDEX "accounts_search_last_first_idx" ON "accounts" USING btree ((lower("last_name") collate "C"),(lower("first_name") collate "C"),"phoenix_id");--> statement-breakpoint
CREATE INDEX "accounts_search_first_last_idx" ON "accounts" USING btree ((lower("first_name") collate "C"),(lower("last_name") collate "C"),"phoenix_id");--> statement-breakpoint
CREATE INDEX "accounts_search_email_idx" ON "accounts" USING btree ((lower("email") collate "C"),"phoenix_id");--> statement-breakpoint
CREATE INDEX "accounts_sponsor_idx" ON "accounts" USING btree ("sponsor_id","phoenix_id");--> statement-breakpoint
CREATE INDEX "accounts_enroller_idx" ON "accounts" USING btree ("enroller_id","phoenix_id");