CREATE TABLE "promo_rule_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"collection" text NOT NULL,
	"name_key" text NOT NULL,
	"name" text NOT NULL,
	"action" text NOT NULL,
	"rule" jsonb NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"timestamps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"publish_to_prod" timestamp with time zone,
	"saved_by" text NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "promo_rule_versions_name_idx" ON "promo_rule_versions" USING btree ("name_key","id");--> statement-breakpoint
CREATE INDEX "promo_rules_publish_idx" ON "promo_rules" USING btree ("publish_to_prod") WHERE "promo_rules"."publish_to_prod" is not null;