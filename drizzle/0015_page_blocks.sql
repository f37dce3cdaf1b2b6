ALTER TABLE "static_page_translations" ADD COLUMN "block_texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "static_pages" ADD COLUMN "layout" varchar(16) DEFAULT 'html' NOT NULL;--> statement-breakpoint
ALTER TABLE "static_pages" ADD COLUMN "blocks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "static_pages" ADD COLUMN "seo" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "static_pages" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "static_pages" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "alt" jsonb DEFAULT '{}'::jsonb NOT NULL;