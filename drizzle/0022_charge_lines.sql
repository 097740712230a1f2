CREATE TABLE "package_charge_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"package_number" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"amount_cop" bigint NOT NULL,
	"rate_settings_id" integer NOT NULL,
	"rate_cents" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"trm_hundredths" integer NOT NULL,
	"request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"annulled_at" timestamp with time zone,
	"annulled_by" text,
	"annul_note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"settlement_id" integer NOT NULL,
	"charge_line_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"amount_cop" bigint NOT NULL,
	"rate_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"request_id" integer
);
--> statement-breakpoint
ALTER TABLE "rate_settings" ADD COLUMN "consolidation_fee_cents" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_settings" ADD COLUMN "repack_fee_cents" integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_settings" ADD COLUMN "photos_fee_cents" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_settings" ADD COLUMN "return_fee_cents" integer DEFAULT 400 NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_settings" ADD COLUMN "storage_per_day_cents" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_settings" ADD COLUMN "max_storage_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "package_charge_lines" ADD CONSTRAINT "package_charge_lines_package_number_packages_number_fk" FOREIGN KEY ("package_number") REFERENCES "public"."packages"("number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_charge_lines" ADD CONSTRAINT "package_charge_lines_rate_settings_id_rate_settings_id_fk" FOREIGN KEY ("rate_settings_id") REFERENCES "public"."rate_settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_charge_line_id_package_charge_lines_id_fk" FOREIGN KEY ("charge_line_id") REFERENCES "public"."package_charge_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_charge_lines_open_idx" ON "package_charge_lines" USING btree ("package_number") WHERE annulled_at is null;--> statement-breakpoint
CREATE INDEX "package_charge_lines_request_idx" ON "package_charge_lines" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "settlement_lines_settlement_idx" ON "settlement_lines" USING btree ("settlement_id");