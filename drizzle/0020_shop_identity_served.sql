ALTER TABLE "countries" ADD COLUMN "served" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "shop_name" varchar(96) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "legal_name" varchar(191) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "vat_id" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "contact_phone" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "home_country_id" integer;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_home_country_id_countries_id_fk" FOREIGN KEY ("home_country_id") REFERENCES "public"."countries"("id") ON DELETE set null ON UPDATE no action;