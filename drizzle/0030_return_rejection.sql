ALTER TABLE "returns" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "rejected_by" integer;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;