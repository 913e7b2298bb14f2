CREATE TABLE "payout_selections" (
	"selection_id" text PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"paid_count" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"credit_entries" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enroller_payouts" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "enroller_payouts" ADD COLUMN "personal_volume" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "enroller_payouts" ADD COLUMN "enrolled_consultants" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "enroller_payouts" ADD COLUMN "counted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enroller_payouts" ADD COLUMN "credit_ledger_id" bigint;--> statement-breakpoint
ALTER TABLE "enroller_payouts" ADD COLUMN "selection_id" text;--> statement-breakpoint
CREATE INDEX "accounts_enrollment_idx" ON "accounts" USING btree ("user_type","country_id","enrollment_date_utc");--> statement-breakpoint
CREATE INDEX "enroller_payouts_period_market_idx" ON "enroller_payouts" USING btree ("period_id","country_id","milestone_name");