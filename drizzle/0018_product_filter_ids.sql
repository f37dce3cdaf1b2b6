ALTER TABLE "products" ADD COLUMN "attribute_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE FUNCTION "products_attribute_ids_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "products" p SET "attribute_ids" = x.attrs
  FROM (
    SELECT q.id, coalesce((
      SELECT array_agg(DISTINCT va."attribute_id" ORDER BY va."attribute_id")
      FROM "variations" v JOIN "variation_attributes" va ON va."variation_id" = v."id"
      WHERE v."product_id" = q.id AND v."active"), '{}'::integer[]) AS attrs
    FROM (SELECT DISTINCT unnest(ids) AS id) q
  ) x
  WHERE p."id" = x.id AND p."attribute_ids" IS DISTINCT FROM x.attrs
$$;--> statement-breakpoint
UPDATE "products" p SET "attribute_ids" = x.attrs
FROM (
  SELECT v."product_id", array_agg(DISTINCT va."attribute_id" ORDER BY va."attribute_id") AS attrs
  FROM "variations" v JOIN "variation_attributes" va ON va."variation_id" = v."id"
  WHERE v."active" GROUP BY v."product_id"
) x
WHERE p."id" = x."product_id";--> statement-breakpoint
CREATE FUNCTION "variations_attribute_ids_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "products_attribute_ids_refresh"(array(SELECT "product_id" FROM added));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "variations_attribute_ids_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "products_attribute_ids_refresh"(array(SELECT "product_id" FROM removed));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "variations_attribute_ids_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "products_attribute_ids_refresh"(array[OLD."product_id", NEW."product_id"]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "variations_attribute_ids_insert" AFTER INSERT ON "variations" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "variations_attribute_ids_added"();--> statement-breakpoint
CREATE TRIGGER "variations_attribute_ids_delete" AFTER DELETE ON "variations" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "variations_attribute_ids_removed"();--> statement-breakpoint
CREATE TRIGGER "variations_attribute_ids_update" AFTER UPDATE OF "active", "product_id" ON "variations" FOR EACH ROW WHEN (OLD."active" IS DISTINCT FROM NEW."active" OR OLD."product_id" IS DISTINCT FROM NEW."product_id") EXECUTE FUNCTION "variations_attribute_ids_changed"();--> statement-breakpoint
CREATE FUNCTION "variation_attributes_ids_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "products_attribute_ids_refresh"(array(SELECT v."product_id" FROM "variations" v WHERE v."id" IN (SELECT "variation_id" FROM added)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "variation_attributes_ids_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "products_attribute_ids_refresh"(array(SELECT v."product_id" FROM "variations" v WHERE v."id" IN (SELECT "variation_id" FROM removed)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "variation_attributes_ids_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "products_attribute_ids_refresh"(array(SELECT v."product_id" FROM "variations" v
    WHERE v."id" IN (SELECT "variation_id" FROM removed UNION SELECT "variation_id" FROM added)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "variation_attributes_ids_insert" AFTER INSERT ON "variation_attributes" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "variation_attributes_ids_added"();--> statement-breakpoint
CREATE TRIGGER "variation_attributes_ids_delete" AFTER DELETE ON "variation_attributes" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "variation_attributes_ids_removed"();--> statement-breakpoint
CREATE TRIGGER "variation_attributes_ids_update" AFTER UPDATE ON "variation_attributes" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "variation_attributes_ids_moved"();
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE INDEX "products_category_ids_idx" ON "products" USING gin ("category_ids");--> statement-breakpoint
CREATE FUNCTION "products_category_ids_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "products" p SET "category_ids" = x.cats
  FROM (
    SELECT q.id, coalesce((
      SELECT array_agg(pc."category_id" ORDER BY pc."category_id")
      FROM "product_categories" pc WHERE pc."product_id" = q.id), '{}'::integer[]) AS cats
    FROM (SELECT DISTINCT unnest(ids) AS id) q
  ) x
  WHERE p."id" = x.id AND p."category_ids" IS DISTINCT FROM x.cats
$$;--> statement-breakpoint
UPDATE "products" p SET "category_ids" = x.cats
FROM (SELECT "product_id", array_agg("category_id" ORDER BY "category_id") AS cats FROM "product_categories" GROUP BY "product_id") x
WHERE p."id" = x."product_id";--> statement-breakpoint
CREATE FUNCTION "product_categories_ids_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "products_category_ids_refresh"(array(SELECT "product_id" FROM added));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_categories_ids_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "products_category_ids_refresh"(array(SELECT "product_id" FROM removed));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_categories_ids_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "products_category_ids_refresh"(array(SELECT "product_id" FROM removed UNION SELECT "product_id" FROM added));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_categories_ids_insert" AFTER INSERT ON "product_categories" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "product_categories_ids_added"();--> statement-breakpoint
CREATE TRIGGER "product_categories_ids_delete" AFTER DELETE ON "product_categories" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "product_categories_ids_removed"();--> statement-breakpoint
CREATE TRIGGER "product_categories_ids_update" AFTER UPDATE ON "product_categories" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "product_categories_ids_moved"();
