ALTER TABLE "login_attempts" ADD COLUMN "trusted_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_attempts" DROP COLUMN "locked_until";