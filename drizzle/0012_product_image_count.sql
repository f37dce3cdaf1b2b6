DROP INDEX "products_sku_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "image_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_sku_upper_idx" ON "products" USING btree (upper("sku") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "products_no_image_idx" ON "products" USING btree ("id") WHERE "products"."image_count" = 0;--> statement-breakpoint
UPDATE "products" p SET "image_count" = c.n FROM (SELECT "product_id", count(*)::int AS n FROM "product_images" GROUP BY "product_id") c WHERE p."id" = c."product_id";--> statement-breakpoint
CREATE FUNCTION "product_images_count_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "products" p SET "image_count" = p."image_count" + c.n
  FROM (SELECT "product_id", count(*)::int AS n FROM added GROUP BY "product_id") c WHERE p."id" = c."product_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_images_count_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "products" p SET "image_count" = greatest(p."image_count" - c.n, 0)
  FROM (SELECT "product_id", count(*)::int AS n FROM removed GROUP BY "product_id") c WHERE p."id" = c."product_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_images_count_insert" AFTER INSERT ON "product_images" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "product_images_count_added"();--> statement-breakpoint
CREATE TRIGGER "product_images_count_delete" AFTER DELETE ON "product_images" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "product_images_count_removed"();--> statement-breakpoint
CREATE FUNCTION "product_images_count_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "products" p SET "image_count" = greatest(p."image_count" - c.n, 0)
  FROM (SELECT "product_id", count(*)::int AS n FROM removed GROUP BY "product_id") c WHERE p."id" = c."product_id";
  UPDATE "products" p SET "image_count" = p."image_count" + c.n
  FROM (SELECT "product_id", count(*)::int AS n FROM added GROUP BY "product_id") c WHERE p."id" = c."product_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_images_count_update" AFTER UPDATE ON "product_images" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "product_images_count_moved"();
