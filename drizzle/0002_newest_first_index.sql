DROP INDEX "users_created_at_idx";--> statement-breakpoint
CREATE INDEX "users_newest_first_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);