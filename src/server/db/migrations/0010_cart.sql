ALTER TABLE "carts" ADD COLUMN "currency" jsonb DEFAULT '{"name":"USD","format":"$0"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "updated_by" text;--> statement-breakpoint
CREATE INDEX "carts_cid_idx" ON "carts" USING btree ("cid","canceled");--> statement-breakpoint
CREATE INDEX "carts_last_saved_idx" ON "carts" USING btree ("last_saved");