ALTER TABLE "package_charges" ADD COLUMN "annulled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "package_charges" ADD COLUMN "annul_note" text DEFAULT '' NOT NULL;