-- 'Valor a pagar' stored on each collection when it is written ('Recaudos' sums it without reading the charges):
-- the existing ones take their package's charge (0 without one), as the report's join did.
ALTER TABLE "collections" ADD COLUMN "to_pay_cop" bigint;--> statement-breakpoint
UPDATE "collections" SET "to_pay_cop" = coalesce((SELECT "total_cop" FROM "package_charges" WHERE "package_charges"."package_number" = "collections"."package_number"), 0);--> statement-breakpoint
ALTER TABLE "collections" ALTER COLUMN "to_pay_cop" SET NOT NULL;
