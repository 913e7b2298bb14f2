ALTER TABLE "checkout_submissions" ADD COLUMN "doc_id" text;--> statement-breakpoint
ALTER TABLE "checkout_submissions" ADD COLUMN "lease_until" timestamp with time zone DEFAULT now() NOT NULL;