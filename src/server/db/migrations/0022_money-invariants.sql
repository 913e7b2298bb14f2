ALTER TABLE "checkout_submissions" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "checkout_submissions" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "payout_selections" ADD COLUMN "request_hash" text;--> statement-breakpoint
-- ADR 021: each grant's remaining value recomputed from the ledger. What was taken from an
-- account's credit (its grants less its balance) is taken from its grants in the consumption
-- order: soonest expiry first, never-expiring credit last, then the oldest. Debits hold nothing.
WITH "granted" AS (
  SELECT "account_uid", "country",
         sum("amount_cents") FILTER (WHERE "amount_cents" > 0) AS "granted",
         sum("amount_cents") AS "net"
    FROM "product_credit_ledger" GROUP BY "account_uid", "country"
), "settled" AS (
  SELECT l."id", l."amount_cents",
         coalesce(g."granted", 0) - greatest(coalesce(b."balance_cents", g."net"), 0) AS "taken",
         sum(l."amount_cents") OVER (
           PARTITION BY l."account_uid", l."country"
           ORDER BY CASE WHEN l."does_not_expire" THEN NULL ELSE l."expiration_date" END NULLS LAST,
                    l."created_at", l."id"
           ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) - l."amount_cents" AS "before"
    FROM "product_credit_ledger" l
    JOIN "granted" g ON g."account_uid" = l."account_uid" AND g."country" = l."country"
    LEFT JOIN "product_credit" b ON b."account_uid" = l."account_uid" AND b."country" = l."country"
   WHERE l."amount_cents" > 0
)
UPDATE "product_credit_ledger" l
   SET "remaining_value_cents" = s."amount_cents" - least(s."amount_cents", greatest(0, s."taken" - s."before"))
  FROM "settled" s
 WHERE l."id" = s."id"
   AND l."remaining_value_cents" <> s."amount_cents" - least(s."amount_cents", greatest(0, s."taken" - s."before"));--> statement-breakpoint
-- ADR 021: debits hold nothing.
UPDATE "product_credit_ledger" SET "remaining_value_cents" = 0
 WHERE "amount_cents" <= 0 AND "remaining_value_cents" <> 0;--> statement-breakpoint
-- ADR 021: the balance's expiration date is the soonest expiry of the credit left.
UPDATE "product_credit" b SET "expiration_date" = (
  SELECT min(l."expiration_date") FROM "product_credit_ledger" l
   WHERE l."account_uid" = b."account_uid" AND l."country" = b."country"
     AND l."remaining_value_cents" > 0 AND NOT l."does_not_expire");--> statement-breakpoint
CREATE INDEX "product_credit_ledger_expiring_idx" ON "product_credit_ledger" USING btree ("expiration_date") WHERE "product_credit_ledger"."remaining_value_cents" > 0 and not "product_credit_ledger"."does_not_expire";--> statement-breakpoint
ALTER TABLE "product_credit_ledger" ADD CONSTRAINT "product_credit_ledger_remaining_check" CHECK ("product_credit_ledger"."remaining_value_cents" >= 0 and "product_credit_ledger"."remaining_value_cents" <= greatest("product_credit_ledger"."amount_cents", 0));
