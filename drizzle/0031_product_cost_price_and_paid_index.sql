ALTER TABLE "products" ADD COLUMN "cost_cents" integer;--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."kind" = 'purchase' and "orders"."paid_at" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_cost_nonnegative" CHECK ("products"."cost_cents" >= 0);