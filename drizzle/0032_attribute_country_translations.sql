CREATE TABLE "country_translations" (
	"country_id" integer NOT NULL,
	"language_id" integer NOT NULL,
	"name" varchar(96) NOT NULL,
	CONSTRAINT "country_translations_country_id_language_id_pk" PRIMARY KEY("country_id","language_id")
);
--> statement-breakpoint
CREATE TABLE "attribute_group_translations" (
	"group_id" integer NOT NULL,
	"language_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	CONSTRAINT "attribute_group_translations_group_id_language_id_pk" PRIMARY KEY("group_id","language_id")
);
--> statement-breakpoint
CREATE TABLE "attribute_translations" (
	"attribute_id" integer NOT NULL,
	"language_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	CONSTRAINT "attribute_translations_attribute_id_language_id_pk" PRIMARY KEY("attribute_id","language_id")
);
--> statement-breakpoint
ALTER TABLE "country_translations" ADD CONSTRAINT "country_translations_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_translations" ADD CONSTRAINT "country_translations_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_group_translations" ADD CONSTRAINT "attribute_group_translations_group_id_attribute_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."attribute_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_group_translations" ADD CONSTRAINT "attribute_group_translations_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_translations" ADD CONSTRAINT "attribute_translations_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_translations" ADD CONSTRAINT "attribute_translations_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE cascade ON UPDATE no action;