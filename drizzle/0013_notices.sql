CREATE TABLE "notice_rate" (
	"id" integer PRIMARY KEY NOT NULL,
	"next_at_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"user_id" text NOT NULL,
	"package_number" integer,
	"event_id" bigint,
	"template" text NOT NULL,
	"to_phone" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"fallback" jsonb,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"wamid" text,
	"error_code" integer,
	"last_error" text,
	"mailed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_consent" (
	"user_id" text PRIMARY KEY NOT NULL,
	"granted" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"policy_version" text NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_consent_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"granted" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"policy_version" text NOT NULL,
	"source" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_inbound" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wamid" text NOT NULL,
	"from_phone" text NOT NULL,
	"user_id" text,
	"kind" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_package_number_packages_number_fk" FOREIGN KEY ("package_number") REFERENCES "public"."packages"("number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_consent" ADD CONSTRAINT "whatsapp_consent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_consent_log" ADD CONSTRAINT "whatsapp_consent_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound" ADD CONSTRAINT "whatsapp_inbound_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notices_event_template_unique" ON "notices" USING btree ("event_key","template");--> statement-breakpoint
CREATE UNIQUE INDEX "notices_wamid_unique" ON "notices" USING btree ("wamid");--> statement-breakpoint
CREATE INDEX "notices_due_idx" ON "notices" USING btree ("next_attempt_at","id") WHERE state = 'queued';--> statement-breakpoint
CREATE INDEX "notices_event_idx" ON "notices" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "notices_created_idx" ON "notices" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "whatsapp_consent_log_user_idx" ON "whatsapp_consent_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_inbound_wamid_unique" ON "whatsapp_inbound" USING btree ("wamid");