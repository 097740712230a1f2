CREATE TABLE "credit_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"referred_user_id" text,
	"package_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_charges" (
	"package_number" integer PRIMARY KEY NOT NULL,
	"rate_settings_id" integer NOT NULL,
	"input" jsonb NOT NULL,
	"chargeable_lb" integer NOT NULL,
	"freight_cents" integer NOT NULL,
	"insurance_cents" integer NOT NULL,
	"tariff_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"credit_used_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"total_cop" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"computed_by" text
);
--> statement-breakpoint
CREATE TABLE "rate_settings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"price_per_lb_cents" integer NOT NULL,
	"min_weight_lb" integer NOT NULL,
	"volumetric_divisor" integer NOT NULL,
	"insurance_basis_points" integer NOT NULL,
	"trm_hundredths" integer NOT NULL,
	"free_storage_days" integer NOT NULL,
	"referral_credit_cents" integer NOT NULL,
	"tax_free_threshold_cents" integer NOT NULL,
	"tariff_basis_points" integer NOT NULL,
	"vat_basis_points" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_charges" ADD CONSTRAINT "package_charges_package_number_packages_number_fk" FOREIGN KEY ("package_number") REFERENCES "public"."packages"("number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_user_idx" ON "credit_ledger" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_earned_once" ON "credit_ledger" USING btree ("referred_user_id") WHERE kind = 'earned';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_used_once" ON "credit_ledger" USING btree ("package_number") WHERE kind = 'used';--> statement-breakpoint
CREATE INDEX "rate_settings_effective_idx" ON "rate_settings" USING btree ("effective_from" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- PACKAGES.md's defaults, in force from the start: US$ 2,50 per lb, 1 lb minimum, divisor 166, 2 % insurance,
-- TRM 4000, 30 free days, US$ 5 per referral, taxes over US$ 200: arancel 10 %, IVA 19 %.
INSERT INTO "rate_settings" ("effective_from", "price_per_lb_cents", "min_weight_lb", "volumetric_divisor", "insurance_basis_points", "trm_hundredths", "free_storage_days", "referral_credit_cents", "tax_free_threshold_cents", "tariff_basis_points", "vat_basis_points", "created_by")
VALUES ('2000-01-01T00:00:00Z', 250, 1, 166, 200, 400000, 30, 500, 20000, 1000, 1900, NULL);
