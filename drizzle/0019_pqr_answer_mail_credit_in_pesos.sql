ALTER TABLE "credit_ledger" ADD COLUMN "amount_cop" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pqr_events" ADD COLUMN "mail_id" bigint;--> statement-breakpoint
ALTER TABLE "pqr_events" ADD CONSTRAINT "pqr_events_mail_id_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pqr_events_mail_idx" ON "pqr_events" USING btree ("mail_id") WHERE mail_id is not null;