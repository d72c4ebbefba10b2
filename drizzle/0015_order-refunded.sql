ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
-- Backfill: orders already refunded in full (their refunds reach what was paid) are marked refunded.
UPDATE "orders" o SET "refunded_at" = r.last
FROM (SELECT "order_id", sum("jumlah") AS jumlah, max("created_at") AS last FROM "order_refunds" GROUP BY 1) r
WHERE r."order_id" = o."id" AND r.jumlah >= o."total_bayar" AND o."refunded_at" IS NULL;
