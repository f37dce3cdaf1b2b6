ALTER TABLE "catalog_imports" ADD COLUMN "content" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD COLUMN "files" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD COLUMN "runner" varchar(128);--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_lower_uq" ON "promo_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "catalog_imports_file_idx" ON "catalog_imports" USING btree ("file_hash","id");