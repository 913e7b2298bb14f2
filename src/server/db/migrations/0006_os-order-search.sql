DROP INDEX "orders_last_name_idx";--> statement-breakpoint
CREATE INDEX "orders_search_last_idx" ON "orders" USING btree ((lower("customer_last_name") collate "C"),"date_created_utc","id");--> statement-breakpoint
CREATE INDEX "orders_search_first_idx" ON "orders" USING btree ((lower("customer_first_name") collate "C"),"date_created_utc","id");--> statement-breakpoint
CREATE INDEX "orders_search_type_idx" ON "orders" USING btree ("order_type","date_created_utc","id");