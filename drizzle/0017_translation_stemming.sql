-- Issue 18: translations are stemmed in their own language ("Zelte" finds "Zelt", "chaussures"
-- "chaussure"). A generated column cannot read the languages table, so the configuration is a
-- column of its own, set by a trigger from languages.code; the search vector reads it. The same
-- mapping answers the search side (catalog/search.ts), so query and vector always agree.
CREATE FUNCTION "language_search_config"(code text) RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE lower(split_part(code, '-', 1)) WHEN 'en' THEN 'english' WHEN 'de' THEN 'german' WHEN 'fr' THEN 'french' ELSE 'simple' END)::regconfig
$$;--> statement-breakpoint
ALTER TABLE "product_translations" ADD COLUMN "search_config" "regconfig" DEFAULT 'simple'::regconfig NOT NULL;--> statement-breakpoint
UPDATE "product_translations" t SET "search_config" = language_search_config(l."code") FROM "languages" l WHERE l."id" = t."language_id";--> statement-breakpoint
-- PostgreSQL 15 cannot change a generation expression in place: the column (and its index) is rebuilt.
ALTER TABLE "product_translations" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "product_translations" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector(search_config, coalesce(name, '')), 'A') || setweight(to_tsvector(search_config, regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "product_translations_search_idx" ON "product_translations" USING gin ("search");--> statement-breakpoint
-- Generated columns are computed after BEFORE triggers, so the vector already uses the new value.
CREATE FUNCTION "product_translations_set_search_config"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_config" := coalesce((SELECT language_search_config(l."code") FROM "languages" l WHERE l."id" = NEW."language_id"), 'simple'::regconfig);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_translations_search_config" BEFORE INSERT OR UPDATE OF "language_id", "search_config" ON "product_translations" FOR EACH ROW EXECUTE FUNCTION "product_translations_set_search_config"();--> statement-breakpoint
-- A language whose code changes re-stems its translations.
CREATE FUNCTION "languages_code_search_config"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product_translations" SET "search_config" = language_search_config(NEW."code") WHERE "language_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "languages_code_search_config" AFTER UPDATE OF "code" ON "languages" FOR EACH ROW WHEN (OLD."code" IS DISTINCT FROM NEW."code") EXECUTE FUNCTION "languages_code_search_config"();
