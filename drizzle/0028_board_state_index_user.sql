-- The board's search by a customer's name within a state (issue 35 item 7): packages_state_newest_idx carries the
-- owner too, so the state's newest packages are filtered by owner in the index (an index-only scan) instead of
-- reading each package's row. Drizzle cannot declare INCLUDE, so it is rebuilt here; the build holds writes to
-- packages for the seconds it takes (about 2 s at 1M packages).
DROP INDEX "packages_state_newest_idx";--> statement-breakpoint
CREATE INDEX "packages_state_newest_idx" ON "packages" USING btree ("state","created_at" DESC NULLS FIRST,"number" DESC NULLS FIRST) INCLUDE ("user_id");
