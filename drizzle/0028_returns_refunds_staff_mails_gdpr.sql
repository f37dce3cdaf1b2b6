CREATE TABLE "return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"restock" boolean,
	CONSTRAINT "return_lines_item_uq" UNIQUE("return_id","order_item_id"),
	CONSTRAINT "return_lines_quantity_positive" CHECK ("return_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_nr" varchar(48) NOT NULL,
	"order_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'requested' NOT NULL,
	"reason" varchar(32) NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"received_by" integer,
	CONSTRAINT "returns_return_nr_unique" UNIQUE("return_nr"),
	CONSTRAINT "returns_status" CHECK ("returns"."status" in ('requested', 'received', 'refunded', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_destination";--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "withdrawal_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "staff_mail_to" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "staff_mail_language" varchar(8) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "staff_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "restocked_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "retain_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reference" varchar(128);--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "return_id" integer;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_open_idx" ON "returns" USING btree ("created_at") WHERE "returns"."status" in ('requested', 'received');--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_restocked_within" CHECK ("order_items"."restocked_quantity" >= 0 and "order_items"."restocked_quantity" <= "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_external_reference" CHECK ("refunds"."destination" <> 'external' or "refunds"."reference" is not null);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_destination" CHECK ("refunds"."destination" in ('card', 'balance', 'external'));--> statement-breakpoint
-- Orders that already gave their units back (cancelled, expired) count them as restocked.
UPDATE "order_items" SET "restocked_quantity" = "quantity" WHERE "order_id" IN (SELECT "id" FROM "orders" WHERE "stock_released");
