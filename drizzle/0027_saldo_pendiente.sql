DROP INDEX "collections_package_unique";--> statement-breakpoint
DROP INDEX "settlements_package_unique";--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "part" text DEFAULT 'charge' NOT NULL;--> statement-breakpoint
ALTER TABLE "online_payment_packages" ADD COLUMN "part" text DEFAULT 'charge' NOT NULL;--> statement-breakpoint
ALTER TABLE "online_payment_packages" ADD COLUMN "line_ids" jsonb;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "part" text DEFAULT 'charge' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "collections_package_unique" ON "collections" USING btree ("package_number","part") WHERE voided_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_package_unique" ON "settlements" USING btree ("package_number","part") WHERE voided_at is null;