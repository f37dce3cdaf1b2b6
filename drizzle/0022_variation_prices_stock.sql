ALTER TABLE "variations" DROP CONSTRAINT "variations_price_nonnegative";--> statement-breakpoint
DROP INDEX "products_active_price_idx";--> statement-breakpoint
DROP INDEX "products_sale_idx";--> statement-breakpoint
DROP INDEX "products_stock_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
ALTER TABLE "variations" ALTER COLUMN "price_cents" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "from_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "to_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "on_sale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sellable_stock" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "scarcest_stock" integer;--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "sale_price_cents" integer;--> statement-breakpoint
CREATE INDEX "products_scarcest_stock_idx" ON "products" USING btree ("scarcest_stock","id");--> statement-breakpoint
CREATE INDEX "products_active_price_idx" ON "products" USING btree ("active","from_price_cents","id");--> statement-breakpoint
CREATE INDEX "products_sale_idx" ON "products" USING btree ("discount_percent") WHERE "products"."on_sale";--> statement-breakpoint
CREATE INDEX "products_stock_idx" ON "products" USING btree ("sellable_stock","id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("from_price_cents","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_threshold_range" CHECK ("products"."low_stock_threshold" between 0 and 1000);--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_price_nonnegative" CHECK ("variations"."price_cents" >= 0 and "variations"."sale_price_cents" >= 0);--> statement-breakpoint
-- Issue 26: one price and one availability per thing sold. choice_price_cents is the SQL twin of
-- choicePrice (src/lib/rules/product-price.ts): the price a shopper pays for a variation.
CREATE FUNCTION "choice_price_cents"(p_price integer, p_old integer, v_price integer, v_sale integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN s IS NOT NULL AND s < r THEN s ELSE r END
  FROM (SELECT coalesce(v_price, pr) AS r,
               coalesce(v_sale, CASE WHEN v_price IS NULL OR v_price = pr THEN ps END) AS s
        FROM (SELECT greatest(p_old, p_price) AS pr, CASE WHEN p_old > p_price THEN p_price END AS ps) p) x
$$;--> statement-breakpoint
-- What a product offers over its choices (active variations, or itself without any).
CREATE FUNCTION "product_offer"(pid integer, p_price integer, p_old integer, p_discount integer, p_stock integer,
    OUT lo integer, OUT hi integer, OUT sale boolean, OUT units integer, OUT scarcest integer) LANGUAGE sql STABLE AS $$
  SELECT
    CASE WHEN v.n > 0 THEN v.lo ELSE p_price END,
    CASE WHEN v.n > 0 THEN v.hi ELSE p_price END,
    CASE WHEN v.n > 0 THEN v.sale ELSE (p_old > p_price OR p_discount > 0) END,
    CASE WHEN v.n > 0 THEN v.units ELSE p_stock END,
    CASE WHEN v.n > 0 THEN v.scarcest WHEN p_stock > 0 THEN p_stock END
  FROM (SELECT count(*) AS n, min(c.pay) AS lo, max(c.pay) AS hi, coalesce(bool_or(c.pay < c.regular), false) AS sale,
          coalesce(sum(c.stock), 0)::int AS units, min(c.stock) FILTER (WHERE c.stock > 0) AS scarcest
        FROM (SELECT "choice_price_cents"(p_price, p_old, vv."price_cents", vv."sale_price_cents") AS pay,
                coalesce(vv."price_cents", greatest(p_old, p_price)) AS regular, vv."stock" AS stock
              FROM "variations" vv WHERE vv."product_id" = pid AND vv."active") c) v
$$;--> statement-breakpoint
CREATE FUNCTION "products_offer_own"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.lo, o.hi, o.sale, o.units, o.scarcest
    INTO NEW."from_price_cents", NEW."to_price_cents", NEW."on_sale", NEW."sellable_stock", NEW."scarcest_stock"
    FROM "product_offer"(NEW."id", NEW."price_cents", NEW."old_price_cents", NEW."discount_percent", NEW."stock") o;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_offer" BEFORE INSERT OR UPDATE OF "price_cents", "old_price_cents", "discount_percent", "stock",
  "from_price_cents", "to_price_cents", "on_sale", "sellable_stock", "scarcest_stock"
  ON "products" FOR EACH ROW EXECUTE FUNCTION "products_offer_own"();--> statement-breakpoint
-- A variation change recomputes its products (the BEFORE trigger above does the work).
CREATE FUNCTION "products_offer_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "products" p SET "sellable_stock" = o.units
  FROM "products" p2 CROSS JOIN LATERAL "product_offer"(p2."id", p2."price_cents", p2."old_price_cents", p2."discount_percent", p2."stock") o
  WHERE p2."id" = ANY(ids) AND p."id" = p2."id"
    AND (p."from_price_cents", p."to_price_cents", p."on_sale", p."sellable_stock", p."scarcest_stock")
      IS DISTINCT FROM (o.lo, o.hi, o.sale, o.units, o.scarcest)
$$;--> statement-breakpoint
CREATE FUNCTION "variations_offer_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "products_offer_refresh"(array(SELECT DISTINCT "product_id" FROM added));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "variations_offer_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "products_offer_refresh"(array(SELECT DISTINCT "product_id" FROM removed));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "variations_offer_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "products_offer_refresh"(array(SELECT "product_id" FROM removed UNION SELECT "product_id" FROM added));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "variations_offer_insert" AFTER INSERT ON "variations" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "variations_offer_added"();--> statement-breakpoint
CREATE TRIGGER "variations_offer_delete" AFTER DELETE ON "variations" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "variations_offer_removed"();--> statement-breakpoint
CREATE TRIGGER "variations_offer_update" AFTER UPDATE ON "variations" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "variations_offer_changed"();--> statement-breakpoint
-- A variation that repeats its product's price (the price paid or the regular one) follows the
-- product from now on: the price its page showed is the price it is sold for.
UPDATE "variations" v SET "price_cents" = NULL
FROM "products" p
WHERE p."id" = v."product_id" AND (v."price_cents" = p."price_cents" OR v."price_cents" = p."old_price_cents");--> statement-breakpoint
UPDATE "products" SET "sellable_stock" = 0;
