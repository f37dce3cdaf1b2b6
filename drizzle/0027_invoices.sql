CREATE TABLE "invoice_counters" (
	"kind" varchar(16) NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"number" varchar(48) NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"invoice_id" integer,
	"refund_id" integer,
	"language" varchar(8) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"total_cents" integer NOT NULL,
	"document" jsonb NOT NULL,
	"pdf" "bytea",
	"sha256" varchar(64),
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_uq" UNIQUE("number"),
	CONSTRAINT "invoices_kind_year_seq_uq" UNIQUE("kind","year","seq"),
	CONSTRAINT "invoices_kind" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_pdf_with_hash" CHECK (("invoices"."pdf" is null) = ("invoices"."sha256" is null))
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "invoice_prefix" varchar(16) DEFAULT 'INV-' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "credit_note_prefix" varchar(16) DEFAULT 'CN-' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order_uq" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_refund_uq" ON "invoices" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "invoices_pdf_pending_idx" ON "invoices" USING btree ("order_id") WHERE "invoices"."pdf" is null;