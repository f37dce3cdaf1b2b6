CREATE TABLE "demo_gateway_charges" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"description" varchar(191) NOT NULL,
	"state" varchar(16) DEFAULT 'open' NOT NULL,
	"card_last4" varchar(4),
	"return_url" text NOT NULL,
	"notify_url" text NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
