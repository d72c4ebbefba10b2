ALTER TABLE "orders" ADD COLUMN "tanggal_bonus" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "posisi_pembeli" text;--> statement-breakpoint
ALTER TABLE "closed_days" ADD COLUMN "jumlah_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "closed_days" ADD COLUMN "total_bv" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_tanggal_bonus_idx" ON "orders" USING btree ("tanggal_bonus");--> statement-breakpoint
-- Backfill: every paid order of an already closed day was counted on its own day.
UPDATE "orders" o SET "tanggal_bonus" = (o."paid_at" AT TIME ZONE 'Asia/Jakarta')::date
WHERE o."paid_at" IS NOT NULL AND o."status_order" NOT IN ('PENDING', 'CANCEL', 'EXPIRED')
  AND EXISTS (SELECT 1 FROM "closed_days" c WHERE c."tanggal" = (o."paid_at" AT TIME ZONE 'Asia/Jakarta')::date);--> statement-breakpoint
-- Backfill: the buyer's rank at payment. A registration's is the new member's; an upgrade's is the
-- rank before it (the previous paid upgrade's, else the registration's); a repeat order's is the
-- rank the buyer's upgrades had reached when it was paid.
UPDATE "orders" o SET "posisi_pembeli" = o."posisi" WHERE o."jenis_order" = 'reg' AND o."paid_at" IS NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET "posisi_pembeli" = COALESCE(
  (SELECT u."posisi" FROM "orders" u WHERE u."member_id" = o."member_id" AND u."jenis_order" = 'upg' AND u."paid_at" < o."paid_at"
     AND u."status_order" NOT IN ('PENDING', 'CANCEL', 'EXPIRED') ORDER BY u."paid_at" DESC LIMIT 1),
  (SELECT r."posisi" FROM "orders" r WHERE r."new_member_id" = o."member_id" AND r."jenis_order" = 'reg' AND r."paid_at" IS NOT NULL LIMIT 1),
  'BRONZE')
WHERE o."jenis_order" = 'upg' AND o."paid_at" IS NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET "posisi_pembeli" = COALESCE(
  (SELECT u."posisi" FROM "orders" u WHERE u."member_id" = o."member_id" AND u."jenis_order" = 'upg' AND u."paid_at" <= o."paid_at"
     AND u."status_order" NOT IN ('PENDING', 'CANCEL', 'EXPIRED') ORDER BY u."paid_at" DESC LIMIT 1),
  (SELECT u."posisi_pembeli" FROM "orders" u WHERE u."member_id" = o."member_id" AND u."jenis_order" = 'upg' AND u."paid_at" > o."paid_at"
     AND u."status_order" NOT IN ('PENDING', 'CANCEL', 'EXPIRED') ORDER BY u."paid_at" LIMIT 1),
  (SELECT m."posisi" FROM "members" m WHERE m."id" = o."member_id"))
WHERE o."jenis_order" = 'ro' AND o."paid_at" IS NOT NULL;--> statement-breakpoint
UPDATE "closed_days" c SET "jumlah_order" = s.n, "total_bv" = s.bv
FROM (SELECT "tanggal_bonus" AS d, count(*)::int AS n, sum("total_bv")::int AS bv FROM "orders" WHERE "tanggal_bonus" IS NOT NULL GROUP BY 1) s
WHERE s.d = c."tanggal";
