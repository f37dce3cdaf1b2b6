ALTER TABLE "orders" ADD COLUMN "cart_restored" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "per_customer_limit" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_user_promo_idx" ON "orders" USING btree ("user_id","promo_code_id") WHERE "orders"."promo_code_id" is not null;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_per_customer_positive" CHECK ("promo_codes"."per_customer_limit" is null or "promo_codes"."per_customer_limit" >= 1);