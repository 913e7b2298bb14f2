CREATE TABLE "promo_redemptions" (
	"email" text NOT NULL,
	"promo" text NOT NULL,
	"order_id" text NOT NULL,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_email_promo_key" ON "promo_redemptions" USING btree ("email","promo");--> statement-breakpoint
CREATE INDEX "promo_redemptions_order_idx" ON "promo_redemptions" USING btree ("order_id");