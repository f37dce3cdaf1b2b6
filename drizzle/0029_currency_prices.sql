CREATE TABLE "product_currency_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"variation_id" integer,
	"currency" varchar(3) NOT NULL,
	"price_cents" integer NOT NULL,
	"sale_price_cents" integer,
	CONSTRAINT "product_currency_prices_nonnegative" CHECK ("product_currency_prices"."price_cents" >= 0 and ("product_currency_prices"."sale_price_cents" is null or "product_currency_prices"."sale_price_cents" >= 0))
);
--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "rounding" varchar(8) DEFAULT 'exact' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "converted_price_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "converted_cart_total_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "converted_delivery_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "converted_discount_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "converted_vat_cents" integer;--> statement-breakpoint
ALTER TABLE "product_currency_prices" ADD CONSTRAINT "product_currency_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_currency_prices" ADD CONSTRAINT "product_currency_prices_variation_id_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_currency_prices" ADD CONSTRAINT "product_currency_prices_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "product_currency_prices_uq" ON "product_currency_prices" USING btree ("product_id",coalesce("variation_id", 0),"currency");--> statement-breakpoint
CREATE INDEX "product_currency_prices_variation_idx" ON "product_currency_prices" USING btree ("variation_id");--> statement-breakpoint
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_rounding" CHECK ("currencies"."rounding" in ('exact', 'end_99', 'whole'));