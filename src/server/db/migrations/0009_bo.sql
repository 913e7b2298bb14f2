CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 10000000 MAXVALUE 99999999 START WITH 10000000 CACHE 1;--> statement-breakpoint
ALTER TABLE "batch_orders" ALTER COLUMN "order_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_orders" ALTER COLUMN "reason" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_orders" ADD COLUMN "created_by_name" text;--> statement-breakpoint
ALTER TABLE "batch_orders" ADD COLUMN "file_hash" text;--> statement-breakpoint
ALTER TABLE "batch_orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "bulk_ledgers" ADD COLUMN "created_by_name" text;--> statement-breakpoint
ALTER TABLE "bulk_ledgers" ADD COLUMN "file_hash" text;--> statement-breakpoint
ALTER TABLE "bulk_ledgers" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "batch_order_rows_row_key" ON "batch_order_rows" USING btree ("batch_id","row_no");--> statement-breakpoint
CREATE UNIQUE INDEX "batch_orders_file_hash_key" ON "batch_orders" USING btree ("file_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "batch_orders_idempotency_key" ON "batch_orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_ledger_rows_row_key" ON "bulk_ledger_rows" USING btree ("bulk_ledger_id","row_no");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_ledgers_file_hash_key" ON "bulk_ledgers" USING btree ("file_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_ledgers_idempotency_key" ON "bulk_ledgers" USING btree ("idempotency_key");