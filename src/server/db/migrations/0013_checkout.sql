CREATE TABLE "checkout_submissions" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"cart_id" text NOT NULL,
	"customer_uid" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"order_id" text,
	"message" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "checkout_submissions_cart_idx" ON "checkout_submissions" USING btree ("cart_id");