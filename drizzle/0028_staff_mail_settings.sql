ALTER TABLE "settings" ADD COLUMN "staff_mail_to" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "staff_mail_language" varchar(8) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "staff_digest" boolean DEFAULT true NOT NULL;