ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Addresses subscribed before double opt-in existed stay subscribers.
UPDATE "newsletter_subscriptions" SET "confirmed_at" = "created_at";--> statement-breakpoint
-- Outstanding reset links (at most 60 minutes old) do not know their address: they end here.
DELETE FROM "password_reset_tokens";--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "email" varchar(254) NOT NULL;
