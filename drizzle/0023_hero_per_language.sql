-- Hand-written, above the generated drops (they would take the texts with them): the default
-- language's hero texts move from the settings row into that language's messages
-- home.hero.title / home.hero.subtitle, which every other language already used. They won over
-- the message before, so they overwrite a stored one now.
INSERT INTO "localizations" ("language_id", "key", "value")
SELECT l."id", 'home.hero.title', s."hero_title" FROM "settings" s CROSS JOIN "languages" l
WHERE s."id" = 1 AND l."is_default" AND btrim(s."hero_title") <> ''
ON CONFLICT ("language_id", "key") DO UPDATE SET "value" = excluded."value";--> statement-breakpoint
INSERT INTO "localizations" ("language_id", "key", "value")
SELECT l."id", 'home.hero.subtitle', s."hero_subtitle" FROM "settings" s CROSS JOIN "languages" l
WHERE s."id" = 1 AND l."is_default" AND btrim(s."hero_subtitle") <> ''
ON CONFLICT ("language_id", "key") DO UPDATE SET "value" = excluded."value";--> statement-breakpoint
-- Texts that named the demo shop now take the shop's name ({{shop}}, the settings' shop name or
-- app.name); the seeded copies in the database follow the message files.
UPDATE "localizations" SET "value" = replace("value", 'Gear Shop', '{{shop}}')
WHERE "key" IN ('header.homeLink', 'app.metaDescription', 'products.metaDescription', 'wishlist.metaDescription', 'faq.metaDescription')
AND "value" LIKE '%Gear Shop%';--> statement-breakpoint
ALTER TABLE "settings" DROP COLUMN "hero_title";--> statement-breakpoint
ALTER TABLE "settings" DROP COLUMN "hero_subtitle";
