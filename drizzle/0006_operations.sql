CREATE TABLE "dispatch_packages" (
	"package_number" integer PRIMARY KEY NOT NULL,
	"dispatch_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispatches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dispatches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"master_awb" text NOT NULL,
	"airline" text NOT NULL,
	"flight_date" text NOT NULL,
	"state" text DEFAULT 'abierto' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "packages_state_idx";--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "storage_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dispatch_packages" ADD CONSTRAINT "dispatch_packages_package_number_packages_number_fk" FOREIGN KEY ("package_number") REFERENCES "public"."packages"("number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_packages" ADD CONSTRAINT "dispatch_packages_dispatch_id_dispatches_id_fk" FOREIGN KEY ("dispatch_id") REFERENCES "public"."dispatches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispatch_packages_dispatch_idx" ON "dispatch_packages" USING btree ("dispatch_id");--> statement-breakpoint
CREATE INDEX "packages_newest_idx" ON "packages" USING btree ("created_at" DESC NULLS FIRST,"number" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "packages_state_newest_idx" ON "packages" USING btree ("state","created_at" DESC NULLS FIRST,"number" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "packages_locker_idx" ON "packages" USING btree ("locker_number");--> statement-breakpoint
CREATE INDEX "packages_guide_trgm_idx" ON "packages" USING gin ("guide" gin_trgm_ops);