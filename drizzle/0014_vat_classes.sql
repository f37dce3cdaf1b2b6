CREATE TABLE "vat_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vat_rates_name_unique" UNIQUE("name"),
	CONSTRAINT "vat_rates_percent_range" CHECK ("vat_rates"."percent" >= 0 and "vat_rates"."percent" < 100)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_rate_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vat_rate_id_vat_rates_id_fk" FOREIGN KEY ("vat_rate_id") REFERENCES "public"."vat_rates"("id") ON DELETE set null ON UPDATE no action;