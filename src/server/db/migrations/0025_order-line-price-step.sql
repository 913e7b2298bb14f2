ALTER TABLE "order_lines" ADD COLUMN "list_price_cents" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "price_step" text;