DROP INDEX "packages_user_state_idx";--> statement-breakpoint
-- One index serves 'Mis paquetes' whole: the page in order (no sort, however many packages a customer has) and the
-- counts per state as an index-only scan. Drizzle cannot declare INCLUDE, so it is rebuilt here.
DROP INDEX "packages_user_newest_idx";--> statement-breakpoint
CREATE INDEX "packages_user_newest_idx" ON "packages" USING btree ("user_id","created_at" DESC NULLS FIRST,"number" DESC NULLS FIRST) INCLUDE ("state");
