CREATE TABLE "content_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"entity" varchar(32) NOT NULL,
	"entity_id" varchar(191) NOT NULL,
	"action" varchar(16) NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "static_page_redirects" (
	"slug" varchar(96) PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "static_page_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"version" integer NOT NULL,
	"user_id" integer,
	"action" varchar(16) NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "static_page_versions_page_version_uq" UNIQUE("page_id","version")
);
--> statement-breakpoint
ALTER TABLE "content_changes" ADD CONSTRAINT "content_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_page_redirects" ADD CONSTRAINT "static_page_redirects_page_id_static_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."static_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_page_versions" ADD CONSTRAINT "static_page_versions_page_id_static_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."static_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_page_versions" ADD CONSTRAINT "static_page_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_changes_entity_idx" ON "content_changes" USING btree ("entity","entity_id");