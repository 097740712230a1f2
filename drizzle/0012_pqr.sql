CREATE SEQUENCE "public"."pqr_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "pqr_attachments" (
	"file_id" text PRIMARY KEY NOT NULL,
	"pqr_number" integer,
	"event_id" bigint,
	"uploader_id" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pqr_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pqr_number" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_role" text NOT NULL,
	"actor_name" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"state" text,
	"notified_at" timestamp with time zone,
	"appeal" boolean,
	"due_date" text,
	"decision" jsonb
);
--> statement-breakpoint
CREATE TABLE "pqr_reminders" (
	"pqr_number" integer NOT NULL,
	"day" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pqr_reminders_pqr_number_day_pk" PRIMARY KEY("pqr_number","day")
);
--> statement-breakpoint
CREATE TABLE "pqrs" (
	"number" integer PRIMARY KEY DEFAULT nextval('pqr_number_seq') NOT NULL,
	"radicado" text NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"id_number" text NOT NULL,
	"email" text NOT NULL,
	"package_number" integer,
	"guide" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"channel" text NOT NULL,
	"no_guide" boolean DEFAULT false NOT NULL,
	"filed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_date" text NOT NULL,
	"running_due" text NOT NULL,
	"first_answered_at" timestamp with time zone,
	"visitor_key" text,
	"search_text" text GENERATED ALWAYS AS (lower(radicado || chr(31) || name || chr(31) || email || chr(31) || id_number || chr(31) || guide || chr(31) || coalesce(package_number::text, ''))) STORED NOT NULL,
	CONSTRAINT "pqrs_radicado_unique" UNIQUE("radicado")
);
--> statement-breakpoint
ALTER TABLE "pqr_attachments" ADD CONSTRAINT "pqr_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pqr_attachments" ADD CONSTRAINT "pqr_attachments_pqr_number_pqrs_number_fk" FOREIGN KEY ("pqr_number") REFERENCES "public"."pqrs"("number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pqr_attachments" ADD CONSTRAINT "pqr_attachments_event_id_pqr_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."pqr_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pqr_events" ADD CONSTRAINT "pqr_events_pqr_number_pqrs_number_fk" FOREIGN KEY ("pqr_number") REFERENCES "public"."pqrs"("number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pqr_reminders" ADD CONSTRAINT "pqr_reminders_pqr_number_pqrs_number_fk" FOREIGN KEY ("pqr_number") REFERENCES "public"."pqrs"("number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pqrs" ADD CONSTRAINT "pqrs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pqrs" ADD CONSTRAINT "pqrs_package_number_packages_number_fk" FOREIGN KEY ("package_number") REFERENCES "public"."packages"("number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pqr_attachments_pqr_idx" ON "pqr_attachments" USING btree ("pqr_number");--> statement-breakpoint
CREATE INDEX "pqr_events_pqr_idx" ON "pqr_events" USING btree ("pqr_number","id");--> statement-breakpoint
CREATE INDEX "pqrs_due_idx" ON "pqrs" USING btree ("running_due","number");--> statement-breakpoint
CREATE INDEX "pqrs_state_due_idx" ON "pqrs" USING btree ("state","running_due","number");--> statement-breakpoint
CREATE INDEX "pqrs_type_due_idx" ON "pqrs" USING btree ("type","running_due","number");--> statement-breakpoint
CREATE INDEX "pqrs_type_state_due_idx" ON "pqrs" USING btree ("type","state","running_due","number");--> statement-breakpoint
CREATE INDEX "pqrs_open_due_idx" ON "pqrs" USING btree ("running_due","number") WHERE state in ('radicada', 'en_tramite', 'en_reposicion');--> statement-breakpoint
CREATE INDEX "pqrs_user_idx" ON "pqrs" USING btree ("user_id","number");--> statement-breakpoint
CREATE INDEX "pqrs_filed_idx" ON "pqrs" USING btree ("filed_at");--> statement-breakpoint
CREATE INDEX "pqrs_search_trgm_idx" ON "pqrs" USING gin ("search_text" gin_trgm_ops);