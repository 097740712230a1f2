ALTER TABLE "packages" ADD COLUMN "warehouse_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "packages_state_idx" ON "packages" USING btree ("state");--> statement-breakpoint
CREATE INDEX "packages_received_at_idx" ON "packages" USING btree ("received_at");