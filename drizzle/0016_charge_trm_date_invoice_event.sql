-- Issue 24. The day a charge took its rates (and TRM), to say 'TRM $ 4.000 del 23/11/2026': the day of receipt in
-- Miami, as chargePackage now writes it; the charges made before take their package's receipt day (or, without
-- one, the day they were computed). And a 'Historial' event says what it is: a move ('state') or an invoice
-- attached to a held package ('invoice').
ALTER TABLE "package_charges" ADD COLUMN "trm_date" date DEFAULT current_date NOT NULL;--> statement-breakpoint
UPDATE "package_charges" SET "trm_date" = (coalesce((SELECT "received_at" FROM "packages" WHERE "packages"."number" = "package_charges"."package_number"), "computed_at") AT TIME ZONE 'America/New_York')::date;--> statement-breakpoint
ALTER TABLE "package_events" ADD COLUMN "kind" text DEFAULT 'state' NOT NULL;
