CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"url" text,
	"locale" text DEFAULT 'en-US' NOT NULL,
	"drafts" boolean DEFAULT false NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"visible_from" date,
	"visible_to" date,
	"user_types" smallint[],
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"sku" text NOT NULL,
	"country_id" smallint NOT NULL,
	"price_cents" integer NOT NULL,
	"special_price_cents" integer,
	"member_price_cents" integer,
	"wholesale_price_cents" integer,
	"in_stock" boolean DEFAULT true NOT NULL,
	"cv" numeric(12, 2) DEFAULT 0 NOT NULL,
	"pv" numeric(12, 2) DEFAULT 0 NOT NULL,
	"qv" numeric(12, 2) DEFAULT 0 NOT NULL,
	"nv" numeric(12, 2) DEFAULT 0 NOT NULL,
	"sv" numeric(12, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "product_prices_sku_country_id_pk" PRIMARY KEY("sku","country_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"sku" text PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"parent_sku" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"swatch_label" text,
	"image" text,
	"category_ids" integer[] DEFAULT '{}' NOT NULL,
	"flags" text[] DEFAULT '{}' NOT NULL,
	"max_quantity" smallint DEFAULT 10 NOT NULL,
	"is_gift" boolean DEFAULT false NOT NULL,
	"is_bundle" boolean DEFAULT false NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"subscription_eligible" boolean DEFAULT false NOT NULL,
	"final_sale" boolean DEFAULT false NOT NULL,
	"do_not_ship_alone" boolean DEFAULT false NOT NULL,
	"new_from" date,
	"new_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"country_id" smallint NOT NULL,
	"shipping_method_id" smallint NOT NULL,
	"amount_cents" integer NOT NULL,
	"free_over_cents" integer,
	"phoenix_shipping_method_id" smallint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_rates_country_id_shipping_method_id_pk" PRIMARY KEY("country_id","shipping_method_id")
);
--> statement-breakpoint
CREATE TABLE "special_volume_skus" (
	"sku" text NOT NULL,
	"list" text NOT NULL,
	CONSTRAINT "special_volume_skus_sku_list_pk" PRIMARY KEY("sku","list")
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"country_id" smallint NOT NULL,
	"region" text NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"tax_shipping" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_country_id_region_pk" PRIMARY KEY("country_id","region")
);
--> statement-breakpoint
CREATE TABLE "account_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_uid" text NOT NULL,
	"description" text NOT NULL,
	"name" text NOT NULL,
	"status" text,
	"system" boolean DEFAULT false NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_type_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_uid" text NOT NULL,
	"from_type" smallint,
	"to_type" smallint NOT NULL,
	"reason" text,
	"recorded_as" text,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"uid" text PRIMARY KEY NOT NULL,
	"phoenix_id" bigint NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"user_type" smallint NOT NULL,
	"telephone" text,
	"gender_id" smallint,
	"default_language_id" smallint DEFAULT 1 NOT NULL,
	"date_of_birth" date,
	"country_id" smallint DEFAULT 1 NOT NULL,
	"sponsor_id" bigint DEFAULT 1 NOT NULL,
	"enroller_id" bigint DEFAULT 1 NOT NULL,
	"enrollment_date_utc" timestamp with time zone,
	"next_renewal_date_utc" timestamp with time zone,
	"member_expiration_date_utc" timestamp with time zone,
	"consultant_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"consultant_milestones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pws_key" text,
	"is_entity" boolean DEFAULT false NOT NULL,
	"entity_name" text,
	"tax_number" text,
	"account_status" smallint DEFAULT 1 NOT NULL,
	"paid_as_title_id" smallint,
	"recognition_title_id" smallint,
	"group_id" integer,
	"square_id" text,
	"square_id_ca" text,
	"t_and_c_accepted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_login_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_uid" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "employee_service_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_uid" text NOT NULL,
	"service" text NOT NULL,
	"country" text NOT NULL,
	"document_id" text NOT NULL,
	"auth_disabled" boolean DEFAULT false NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invalid_tax_number_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_uid" text NOT NULL,
	"code" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_credit" (
	"account_uid" text NOT NULL,
	"country" text NOT NULL,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"expiration_date" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_credit_account_uid_country_pk" PRIMARY KEY("account_uid","country")
);
--> statement-breakpoint
CREATE TABLE "product_credit_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_uid" text NOT NULL,
	"country" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"remaining_value_cents" integer NOT NULL,
	"expiration_date" timestamp with time zone,
	"does_not_expire" boolean DEFAULT false NOT NULL,
	"reason_id" smallint,
	"reason" text,
	"order_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_uid" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"company_name" text,
	"address" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"country_id" smallint NOT NULL,
	"telephone" text,
	"is_default_shipping" boolean DEFAULT false NOT NULL,
	"phoenix_id" bigint,
	"melissa_verification_date_utc" timestamp with time zone,
	"date_last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "socials" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "socials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" text NOT NULL,
	"host_uid" text,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"opening_date" timestamp with time zone,
	"closing_date" timestamp with time zone,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_uid" text NOT NULL,
	"order_id" text,
	"order_date" timestamp with time zone NOT NULL,
	"order_expiration" timestamp with time zone,
	"signed" boolean DEFAULT false NOT NULL,
	"declined" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batch_order_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" bigint NOT NULL,
	"row_no" integer NOT NULL,
	"input" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"order_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batch_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"order_type" smallint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"succeeded_rows" integer DEFAULT 0 NOT NULL,
	"failed_rows" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bulk_ledger_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bulk_ledger_id" bigint NOT NULL,
	"row_no" integer NOT NULL,
	"input" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"ledger_entry_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_ledgers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"succeeded_rows" integer DEFAULT 0 NOT NULL,
	"failed_rows" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"cart_id" text PRIMARY KEY NOT NULL,
	"uid" text,
	"cid" text,
	"user_email" text,
	"active_locale" text DEFAULT 'en-US' NOT NULL,
	"cart_instances" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"customer" jsonb,
	"social_id" integer,
	"canceled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_saved" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "downstream_exports" (
	"order_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"exported_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "failed_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"date_created_utc" timestamp with time zone,
	"error_code" text,
	"error_message" text NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text
);
--> statement-breakpoint
CREATE TABLE "fraud_decisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"is_fraud" boolean NOT NULL,
	"analyst_email" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"description" text NOT NULL,
	"name" text NOT NULL,
	"status" text,
	"date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"line_no" smallint NOT NULL,
	"sku" text NOT NULL,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"adjusted_price_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"is_promo" boolean DEFAULT false NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"is_host_reward" boolean DEFAULT false NOT NULL,
	"subscription" boolean DEFAULT false NOT NULL,
	"selected_variant" text,
	"discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cv" numeric(12, 2) DEFAULT 0 NOT NULL,
	"pv" numeric(12, 2) DEFAULT 0 NOT NULL,
	"qv" numeric(12, 2) DEFAULT 0 NOT NULL,
	"nv" numeric(12, 2) DEFAULT 0 NOT NULL,
	"sv" numeric(12, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"method" text NOT NULL,
	"card_id" text,
	"brand" text,
	"account_number" text,
	"tender_id" text,
	"transaction_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'captured' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_shipments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"carrier_id" smallint NOT NULL,
	"tracking_number" text NOT NULL,
	"tracking_url" text,
	"shipped_at" timestamp with time zone NOT NULL,
	"packages" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"phoenix_order_id" bigint,
	"collection" text NOT NULL,
	"state" smallint NOT NULL,
	"printed" boolean DEFAULT false NOT NULL,
	"order_type" smallint NOT NULL,
	"channel" smallint NOT NULL,
	"customer_uid" text NOT NULL,
	"customer_user_type" smallint NOT NULL,
	"customer_first_name" text NOT NULL,
	"customer_last_name" text NOT NULL,
	"customer_email" text,
	"customer_phoenix_id" bigint,
	"sponsor_id" bigint DEFAULT 1 NOT NULL,
	"consultant_name" text,
	"by_consultant" boolean DEFAULT false NOT NULL,
	"social_id" integer,
	"country_id" smallint NOT NULL,
	"currency" text NOT NULL,
	"locale_code" text DEFAULT 'en-US' NOT NULL,
	"shipping_method_id" smallint,
	"shipping_carrier_id" smallint,
	"tracking_number" text,
	"narvar_tracking_url" text,
	"shipping_address" jsonb,
	"subtotal_cents" integer NOT NULL,
	"pre_promo_subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"shipping_tax_cents" integer DEFAULT 0 NOT NULL,
	"applied_credit_cents" integer DEFAULT 0 NOT NULL,
	"grand_total_cents" integer NOT NULL,
	"cv" numeric(12, 2) DEFAULT 0 NOT NULL,
	"pv" numeric(12, 2) DEFAULT 0 NOT NULL,
	"qv" numeric(12, 2) DEFAULT 0 NOT NULL,
	"payment_state" text DEFAULT 'pending' NOT NULL,
	"square_v2" boolean DEFAULT false NOT NULL,
	"new_order_flow" boolean DEFAULT true NOT NULL,
	"is_membership" boolean DEFAULT false NOT NULL,
	"is_renewal" boolean DEFAULT false NOT NULL,
	"host_order" boolean DEFAULT false NOT NULL,
	"is_fraud" boolean DEFAULT false NOT NULL,
	"dhl_hold_status" text,
	"gift_message" text,
	"applied_promos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancellation" jsonb,
	"date_created_utc" timestamp with time zone DEFAULT now() NOT NULL,
	"date_captured_utc" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"account_uid" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"country_id" smallint NOT NULL,
	"cardholder_name" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text,
	"card_id" text,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"parent_transaction_id" text,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"reason" text NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"amount_cents" integer NOT NULL,
	"pc_amount_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"shipping_total_cents" integer DEFAULT 0 NOT NULL,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"return_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"admin_uid" text NOT NULL,
	"clawback" jsonb,
	"new_refund_flow" boolean DEFAULT true NOT NULL,
	"phoenix_response" jsonb,
	"status" text DEFAULT 'processed' NOT NULL,
	"idempotency_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"legacy_order_id" integer NOT NULL,
	"phoenix_order_id" bigint,
	"return_status" smallint NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text,
	"date_created_utc" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"collection" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"changed_by" text NOT NULL,
	"changed_by_name" text,
	"auth" text,
	"auth_type" text,
	"date_changed_utc" timestamp with time zone DEFAULT now() NOT NULL,
	"differences" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"name" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"progress" smallint DEFAULT 0 NOT NULL,
	"result" jsonb,
	"last_error" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"template" text NOT NULL,
	"to_address" text,
	"subject" text,
	"html" text,
	"text" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"entity_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"purpose" text DEFAULT 'reset' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"directory" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"promo_access" boolean DEFAULT false NOT NULL,
	"juno_access" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"dev_mode" boolean DEFAULT true NOT NULL,
	"password_hash" text,
	"password_changed_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enroller_payouts" (
	"reward_payout_id" bigserial PRIMARY KEY NOT NULL,
	"participant_account_id" bigint NOT NULL,
	"enroller_account_id" bigint NOT NULL,
	"milestone_name" text NOT NULL,
	"counting_key" text NOT NULL,
	"country_id" smallint NOT NULL,
	"period_id" integer NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"finished" boolean DEFAULT false NOT NULL,
	"succeeded" boolean DEFAULT false NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"paid_date" timestamp with time zone,
	"paid_by" text
);
--> statement-breakpoint
CREATE TABLE "incentive_periods" (
	"period_id" integer PRIMARY KEY NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestones" (
	"name" text PRIMARY KEY NOT NULL,
	"counting_key_us" text NOT NULL,
	"counting_key_ca" text NOT NULL,
	"participant_requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"participant_rewards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enroller_rewards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "promo_rules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"collection" text NOT NULL,
	"name" text NOT NULL,
	"type_id" smallint NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"rule" jsonb NOT NULL,
	"timestamps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"publish_to_prod" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "promo_tags" (
	"name" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_sku_products_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."products"("sku") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_comments" ADD CONSTRAINT "account_comments_account_uid_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_type_history" ADD CONSTRAINT "account_type_history_account_uid_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_login_tokens" ADD CONSTRAINT "customer_login_tokens_account_uid_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_service_accounts" ADD CONSTRAINT "employee_service_accounts_account_uid_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invalid_tax_number_attempts" ADD CONSTRAINT "invalid_tax_number_attempts_account_uid_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_credit" ADD CONSTRAINT "product_credit_account_uid_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_credit_ledger" ADD CONSTRAINT "product_credit_ledger_account_uid_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD CONSTRAINT "shipping_addresses_account_uid_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "socials" ADD CONSTRAINT "socials_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_records" ADD CONSTRAINT "terms_records_account_uid_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_order_rows" ADD CONSTRAINT "batch_order_rows_batch_id_batch_orders_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batch_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_ledger_rows" ADD CONSTRAINT "bulk_ledger_rows_bulk_ledger_id_bulk_ledgers_id_fk" FOREIGN KEY ("bulk_ledger_id") REFERENCES "public"."bulk_ledgers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downstream_exports" ADD CONSTRAINT "downstream_exports_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_orders" ADD CONSTRAINT "failed_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_decisions" ADD CONSTRAINT "fraud_decisions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_comments" ADD CONSTRAINT "order_comments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_uid_accounts_uid_fk" FOREIGN KEY ("customer_uid") REFERENCES "public"."accounts"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_account_uid_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_entries_type_idx" ON "content_entries" USING btree ("type","locale");--> statement-breakpoint
CREATE INDEX "content_entries_url_idx" ON "content_entries" USING btree ("url","locale");--> statement-breakpoint
CREATE UNIQUE INDEX "products_product_id_key" ON "products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_parent_idx" ON "products" USING btree ("parent_sku");--> statement-breakpoint
CREATE INDEX "account_comments_account_idx" ON "account_comments" USING btree ("account_uid","date");--> statement-breakpoint
CREATE INDEX "account_type_history_account_idx" ON "account_type_history" USING btree ("account_uid","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_phoenix_id_key" ON "accounts" USING btree ("phoenix_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_pws_key" ON "accounts" USING btree (lower("pws_key"));--> statement-breakpoint
CREATE INDEX "accounts_email_idx" ON "accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "accounts_name_trgm_idx" ON "accounts" USING gin ((lower("first_name" || ' ' || "last_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_last_name_idx" ON "accounts" USING btree (lower("last_name"),lower("first_name"));--> statement-breakpoint
CREATE INDEX "accounts_sponsor_idx" ON "accounts" USING btree ("sponsor_id");--> statement-breakpoint
CREATE INDEX "accounts_enroller_idx" ON "accounts" USING btree ("enroller_id");--> statement-breakpoint
CREATE INDEX "accounts_user_type_idx" ON "accounts" USING btree ("user_type");--> statement-breakpoint
CREATE INDEX "employee_service_accounts_account_idx" ON "employee_service_accounts" USING btree ("account_uid");--> statement-breakpoint
CREATE INDEX "invalid_tax_number_attempts_account_idx" ON "invalid_tax_number_attempts" USING btree ("account_uid","attempted_at");--> statement-breakpoint
CREATE INDEX "product_credit_ledger_account_idx" ON "product_credit_ledger" USING btree ("account_uid","country","created_at");--> statement-breakpoint
CREATE INDEX "shipping_addresses_account_idx" ON "shipping_addresses" USING btree ("account_uid");--> statement-breakpoint
CREATE INDEX "socials_uid_idx" ON "socials" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "terms_records_account_idx" ON "terms_records" USING btree ("account_uid","order_date");--> statement-breakpoint
CREATE INDEX "batch_order_rows_batch_idx" ON "batch_order_rows" USING btree ("batch_id","status");--> statement-breakpoint
CREATE INDEX "batch_orders_created_idx" ON "batch_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bulk_ledger_rows_ledger_idx" ON "bulk_ledger_rows" USING btree ("bulk_ledger_id","status");--> statement-breakpoint
CREATE INDEX "bulk_ledgers_created_idx" ON "bulk_ledgers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "carts_uid_idx" ON "carts" USING btree ("uid","canceled");--> statement-breakpoint
CREATE INDEX "carts_social_idx" ON "carts" USING btree ("social_id");--> statement-breakpoint
CREATE INDEX "downstream_exports_status_idx" ON "downstream_exports" USING btree ("status");--> statement-breakpoint
CREATE INDEX "failed_orders_open_idx" ON "failed_orders" USING btree ("resolved_at","date_created_utc");--> statement-breakpoint
CREATE INDEX "failed_orders_order_idx" ON "failed_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "fraud_decisions_order_idx" ON "fraud_decisions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_comments_order_idx" ON "order_comments" USING btree ("order_id","date");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_sku_idx" ON "order_lines" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_tx_key" ON "order_payments" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "order_shipments_order_idx" ON "order_shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_id_key" ON "orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_phoenix_order_id_key" ON "orders" USING btree ("phoenix_order_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_uid","date_created_utc");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("date_created_utc");--> statement-breakpoint
CREATE INDEX "orders_state_created_idx" ON "orders" USING btree ("state","date_created_utc");--> statement-breakpoint
CREATE INDEX "orders_last_name_idx" ON "orders" USING btree (lower("customer_last_name"),lower("customer_first_name"));--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree (lower("customer_email"));--> statement-breakpoint
CREATE INDEX "orders_customer_phoenix_idx" ON "orders" USING btree ("customer_phoenix_id");--> statement-breakpoint
CREATE INDEX "orders_social_idx" ON "orders" USING btree ("social_id");--> statement-breakpoint
CREATE INDEX "orders_sponsor_idx" ON "orders" USING btree ("sponsor_id");--> statement-breakpoint
CREATE INDEX "payment_cards_account_idx" ON "payment_cards" USING btree ("account_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_idempotency_key" ON "payment_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_transactions_order_idx" ON "payment_transactions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","timestamp");--> statement-breakpoint
CREATE INDEX "refunds_timestamp_idx" ON "refunds" USING btree ("timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "returns_status_idx" ON "returns" USING btree ("return_status","date_created_utc");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_phoenix_idx" ON "returns" USING btree ("phoenix_order_id");--> statement-breakpoint
CREATE INDEX "change_events_entity_idx" ON "change_events" USING btree ("collection","entity_id","date_changed_utc");--> statement-breakpoint
CREATE INDEX "change_events_date_idx" ON "change_events" USING btree ("date_changed_utc");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "jobs_type_idx" ON "jobs" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_to_idx" ON "outbox" USING btree (lower("to_address"));--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("staff_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_sessions_token_key" ON "staff_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_sessions_user_idx" ON "staff_sessions" USING btree ("staff_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_email_key" ON "staff_users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "staff_users_role_idx" ON "staff_users" USING btree ("role");--> statement-breakpoint
CREATE UNIQUE INDEX "enroller_payouts_participant_key" ON "enroller_payouts" USING btree ("participant_account_id","milestone_name","period_id");--> statement-breakpoint
CREATE INDEX "enroller_payouts_period_idx" ON "enroller_payouts" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE INDEX "enroller_payouts_enroller_idx" ON "enroller_payouts" USING btree ("enroller_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_rules_collection_name_key" ON "promo_rules" USING btree ("collection",lower("name"));--> statement-breakpoint
CREATE INDEX "promo_rules_active_idx" ON "promo_rules" USING btree ("collection","active");