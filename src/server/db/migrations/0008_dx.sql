CREATE SEQUENCE "public"."phoenix_order_id_seq" INCREMENT BY 1 MINVALUE 100000000 MAXVALUE 999999999 START WITH 100000000 CACHE 1;--> statement-breakpoint
ALTER TABLE "downstream_exports" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "downstream_exports_due_idx" ON "downstream_exports" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "failed_orders_open_list_idx" ON "failed_orders" USING btree ("date_created_utc" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "orders_export_sweep_idx" ON "orders" USING btree ("date_captured_utc") WHERE collection = 'invoices' and phoenix_order_id is null and date_captured_utc is not null;