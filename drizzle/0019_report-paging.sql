-- The downline report's name search through trigrams (ADR 0018). PGlite loads pg_trgm itself
-- (src/server/db/client.ts); PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "members_tgl_join_idx";--> statement-breakpoint
CREATE INDEX "members_join_order_idx" ON "members" USING btree ("tgl_join","id","path");--> statement-breakpoint
CREATE INDEX "members_nama_trgm_idx" ON "members" USING gin (lower("nama") gin_trgm_ops);
