CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"resource_id" text,
	"response" jsonb,
	"lease_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "payment_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"postal_code" text NOT NULL,
	"simulate" text,
	"used_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_cards" ADD COLUMN "simulate" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "simulate" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "admin_name" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "retries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "refund_id" text;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_tokens_expires_idx" ON "payment_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_parent_idx" ON "payment_transactions" USING btree ("parent_transaction_id");