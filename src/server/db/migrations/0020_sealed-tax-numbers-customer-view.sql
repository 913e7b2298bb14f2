CREATE TABLE "customer_view_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"account_uid" text NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_login_tokens" ADD COLUMN "created_by_id" uuid;--> statement-breakpoint
ALTER TABLE "customer_view_sessions" ADD CONSTRAINT "customer_view_sessions_account_uid_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_view_sessions" ADD CONSTRAINT "customer_view_sessions_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_view_sessions_token_key" ON "customer_view_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "customer_view_sessions_expires_idx" ON "customer_view_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "accounts_tax_number_key_idx" ON "accounts" USING btree (split_part("tax_number", ':', 3)) WHERE "accounts"."tax_number" is not null;