CREATE TABLE "outbox_secrets" (
	"outbox_id" bigint PRIMARY KEY NOT NULL,
	"links" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "hidden_links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_secrets" ADD CONSTRAINT "outbox_secrets_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_secrets_expires_idx" ON "outbox_secrets" USING btree ("expires_at");