ALTER TABLE "mail_outbox" ADD COLUMN "language" varchar(8);--> statement-breakpoint
-- Mail written before this column: every template renders <html lang="xx">, so the language is read from it.
UPDATE "mail_outbox" SET "language" = substring("html" from '<html lang="([A-Za-z-]{2,8})"') WHERE "language" IS NULL;
