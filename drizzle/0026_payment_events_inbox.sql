ALTER TABLE "payment_events" ADD COLUMN "method" text DEFAULT 'Otro' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "status_message" text;--> statement-breakpoint
CREATE INDEX "payment_events_waiting_idx" ON "payment_events" USING btree ("id") WHERE outcome = 'recibido';