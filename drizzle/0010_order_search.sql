CREATE INDEX "orders_final_idx" ON "orders" USING btree ("final_cents","id");--> statement-breakpoint
CREATE INDEX "orders_order_nr_pattern_idx" ON "orders" USING btree ("order_nr" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_who_trgm_idx" ON "orders" USING gin (("name" || ' ' || "surname" || ' ' || "email") gin_trgm_ops);