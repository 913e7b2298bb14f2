DROP INDEX "accounts_sponsor_idx";--> statement-breakpoint
DROP INDEX "accounts_enroller_idx";--> statement-breakpoint
CREATE INDEX "accounts_sponsor_idx" ON "accounts" USING btree ("sponsor_id","phoenix_id");--> statement-breakpoint
CREATE INDEX "accounts_enroller_idx" ON "accounts" USING btree ("enroller_id","phoenix_id");