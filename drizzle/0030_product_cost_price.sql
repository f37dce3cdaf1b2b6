ALTER TABLE "products" ADD COLUMN "cost_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_cost_nonnegative" CHECK ("products"."cost_cents" >= 0);