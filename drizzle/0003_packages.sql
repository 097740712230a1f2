CREATE SEQUENCE "public"."package_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"package_number" integer,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"thumbnail_of" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"package_number" integer NOT NULL,
	"state" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_role" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"carrier" text DEFAULT '' NOT NULL,
	"carrier_guide" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"number" integer PRIMARY KEY DEFAULT nextval('package_number_seq') NOT NULL,
	"user_id" text,
	"guide" text NOT NULL,
	"carrier" text,
	"store" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"declared_value_cents" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"delivery_address" text DEFAULT '' NOT NULL,
	"address_choice" integer DEFAULT 1 NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"held_from" text,
	"hold_reason" text,
	"locker_number" text,
	"weight_lb" numeric(7, 2),
	"length_in" numeric(6, 1),
	"width_in" numeric(6, 1),
	"height_in" numeric(6, 1),
	"condition" text,
	"received_at" timestamp with time zone,
	"received_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_package_number_packages_number_fk" FOREIGN KEY ("package_number") REFERENCES "public"."packages"("number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_package_number_packages_number_fk" FOREIGN KEY ("package_number") REFERENCES "public"."packages"("number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_package_idx" ON "files" USING btree ("package_number");--> statement-breakpoint
CREATE INDEX "package_events_package_idx" ON "package_events" USING btree ("package_number","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "packages_guide_unique" ON "packages" USING btree ("guide") WHERE state <> 'cancelado';--> statement-breakpoint
CREATE INDEX "packages_user_newest_idx" ON "packages" USING btree ("user_id","created_at" DESC NULLS FIRST,"number" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "packages_user_state_idx" ON "packages" USING btree ("user_id","state");