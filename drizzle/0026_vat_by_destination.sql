CREATE TABLE "country_vat_rates" (
	"country_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	CONSTRAINT "country_vat_rates_country_id_kind_pk" PRIMARY KEY("country_id","kind"),
	CONSTRAINT "country_vat_rates_kind" CHECK ("country_vat_rates"."kind" in ('standard', 'reduced')),
	CONSTRAINT "country_vat_rates_percent_range" CHECK ("country_vat_rates"."percent" >= 0 and "country_vat_rates"."percent" < 100)
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "uses_oss" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vat_rates" ADD COLUMN "kind" varchar(16) DEFAULT 'reduced' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_scheme" varchar(16) DEFAULT 'home' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_vat_id" varchar(32);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_vat_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_vat_cents" integer;--> statement-breakpoint
ALTER TABLE "country_vat_rates" ADD CONSTRAINT "country_vat_rates_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_kind" CHECK ("vat_rates"."kind" in ('standard', 'reduced', 'zero'));--> statement-breakpoint
-- Data (ADR 030). Existing classes keep their rate as their kind's: 0 % is the zero kind.
UPDATE "vat_rates" SET "kind" = 'zero' WHERE "percent" = 0;--> statement-breakpoint
UPDATE "vat_rates" SET "kind" = 'standard' WHERE "percent" > 0 AND "percent" = (SELECT s."vat_percent" FROM "settings" s WHERE s."id" = 1);--> statement-breakpoint
-- The home country's rates are the running shop's own numbers: its current rate becomes the home
-- country's standard rate, the rate of its most used reduced class the home reduced rate.
INSERT INTO "country_vat_rates" ("country_id", "kind", "percent")
  SELECT s."home_country_id", 'standard', s."vat_percent" FROM "settings" s WHERE s."home_country_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "country_vat_rates" ("country_id", "kind", "percent")
  SELECT s."home_country_id", 'reduced', r."percent"
  FROM "settings" s
  CROSS JOIN LATERAL (
    SELECT v."percent" FROM "vat_rates" v
    WHERE v."kind" = 'reduced'
    ORDER BY (SELECT count(*) FROM "products" p WHERE p."vat_rate_id" = v."id") DESC, v."id"
    LIMIT 1
  ) r
  WHERE s."home_country_id" IS NOT NULL;--> statement-breakpoint
-- Every other EU member state gets its current standard and main reduced rate (src/lib/rules/eu-vat-rates.ts).
INSERT INTO "country_vat_rates" ("country_id", "kind", "percent")
  SELECT c."id", k."kind", CASE k."kind" WHEN 'standard' THEN e."standard" ELSE e."reduced" END
  FROM (VALUES
    ('AT', 20, 10),
    ('BE', 21, 6),
    ('BG', 20, 9),
    ('CY', 19, 5),
    ('CZ', 21, 12),
    ('DE', 19, 7),
    ('DK', 25, 25),
    ('EE', 24, 9),
    ('ES', 21, 10),
    ('FI', 25.5, 14),
    ('FR', 20, 5.5),
    ('GR', 24, 13),
    ('HR', 25, 13),
    ('HU', 27, 5),
    ('IE', 23, 13.5),
    ('IT', 22, 10),
    ('LT', 21, 9),
    ('LU', 17, 8),
    ('LV', 21, 12),
    ('MT', 18, 5),
    ('NL', 21, 9),
    ('PL', 23, 8),
    ('PT', 23, 6),
    ('RO', 21, 11),
    ('SE', 25, 12),
    ('SI', 22, 9.5),
    ('SK', 23, 19)
  ) AS e("iso", "standard", "reduced")
  JOIN "countries" c ON upper(c."iso") = e."iso"
  CROSS JOIN (VALUES ('standard'), ('reduced')) AS k("kind")
  ON CONFLICT ("country_id", "kind") DO NOTHING;
