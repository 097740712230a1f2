ALTER TABLE "users" ADD COLUMN "wait_for_instructions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "released_at" timestamp with time zone;