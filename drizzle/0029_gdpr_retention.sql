ALTER TABLE "orders" ADD COLUMN "retain_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "anonymised_at" timestamp with time zone;