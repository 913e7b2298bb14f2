CREATE TABLE "reconciliation_discrepancies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"record_type" text NOT NULL,
	"record_id" text NOT NULL,
	"order_id" text,
	"customer_uid" text,
	"country" text,
	"currency" text,
	"expected_cents" bigint,
	"actual_cents" bigint,
	"details" text NOT NULL,
	"first_seen_run_id" bigint NOT NULL,
	"last_seen_run_id" bigint NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_run_id" bigint
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint,
	"trigger" text NOT NULL,
	"nightly_for" date,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by" text,
	"thresholds" jsonb NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "order_payments_order_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_discrepancies_open_key" ON "reconciliation_discrepancies" USING btree ("kind","record_type","record_id") WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "reconciliation_discrepancies_open_list_idx" ON "reconciliation_discrepancies" USING btree ("first_seen_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE resolved_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_one_active_key" ON "reconciliation_runs" USING btree ((true)) WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_nightly_key" ON "reconciliation_runs" USING btree ("nightly_for");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_finished_idx" ON "reconciliation_runs" USING btree ("finished_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE finished_at is not null;--> statement-breakpoint
CREATE INDEX "orders_paid_totals_idx" ON "orders" USING btree ("id","payment_state","grand_total_cents","applied_credit_cents");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("timestamp") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id","state","method","amount_cents");