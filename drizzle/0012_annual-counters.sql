CREATE TABLE "member_annual" (
	"member_id" bigint NOT NULL,
	"periode_mulai" date NOT NULL,
	"bv_kiri" bigint DEFAULT 0 NOT NULL,
	"bv_kanan" bigint DEFAULT 0 NOT NULL,
	"pair_bv" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_annual_member_id_periode_mulai_pk" PRIMARY KEY("member_id","periode_mulai")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "tgl_upgrade" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_annual" ADD CONSTRAINT "member_annual_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Backfill: each member's first paid upgrade (src/server/services/bonus/annual-counters.ts).
UPDATE "members" m SET "tgl_upgrade" = u.first
FROM (SELECT "member_id", min("paid_at") AS first FROM "orders" WHERE "jenis_order" = 'upg' AND "paid_at" IS NOT NULL GROUP BY 1) u
WHERE u."member_id" = m."id" AND m."tgl_upgrade" IS DISTINCT FROM u.first;--> statement-breakpoint
-- Backfill: the annual counters from the paid registrations and upgrades (net of refunds) and the PAIR bonuses.
INSERT INTO "member_annual" ("member_id", "periode_mulai", "bv_kiri", "bv_kanan", "pair_bv")
WITH RECURSIVE setting AS (
  SELECT coalesce((SELECT "value" FROM "settings" WHERE "key" = 'annual_pairing_period'), '{"start":"2024-06-13","end":"2025-06-15"}'::jsonb) AS v
), periods (mulai, akhir, n) AS (
  SELECT (v ->> 'start')::date, (v ->> 'end')::date, 1 FROM setting
  UNION ALL SELECT akhir + 1, (akhir + interval '1 year')::date, n + 1 FROM periods WHERE n < 50
), paid AS (
  SELECT m."path", p.mulai, sum(o."total_bv" - coalesce((SELECT sum(r."bv") FROM "order_refunds" r WHERE r."order_id" = o."id"), 0)) AS bv
  FROM "orders" o JOIN "members" m ON m."id" = coalesce(o."new_member_id", o."member_id")
    JOIN periods p ON (o."paid_at" AT TIME ZONE 'Asia/Jakarta')::date BETWEEN p.mulai AND p.akhir
  WHERE o."jenis_order" IN ('reg', 'upg') AND o."paid_at" IS NOT NULL AND o."status_order" NOT IN ('CANCEL', 'EXPIRED')
  GROUP BY 1, 2
), volume AS (
  SELECT left(paid."path", k) AS upline, paid.mulai,
    coalesce(sum(paid.bv) FILTER (WHERE substr(paid."path", k + 1, 1) = '0'), 0) AS kiri,
    coalesce(sum(paid.bv) FILTER (WHERE substr(paid."path", k + 1, 1) = '1'), 0) AS kanan
  FROM paid, generate_series(0, length(paid."path") - 1) AS k
  GROUP BY 1, 2
), pairs AS (
  SELECT b."member_id", p.mulai, sum((b."detail" -> 0 -> 'bonus_pair_details' -> 0 ->> 'jumlah_pair_dibayar')::int) AS pair_bv
  FROM "bonuses" b JOIN periods p ON b."tanggal" BETWEEN p.mulai AND p.akhir
  WHERE b."jenis_bonus" = 'PAIR'
  GROUP BY 1, 2
)
SELECT coalesce(a."id", pairs."member_id"), coalesce(v.mulai, pairs.mulai), coalesce(v.kiri, 0), coalesce(v.kanan, 0), coalesce(pairs.pair_bv, 0)
FROM (volume v JOIN "members" a ON a."path" = v.upline)
  FULL JOIN pairs ON pairs."member_id" = a."id" AND pairs.mulai = v.mulai
ON CONFLICT ("member_id", "periode_mulai") DO UPDATE SET "bv_kiri" = excluded."bv_kiri", "bv_kanan" = excluded."bv_kanan", "pair_bv" = excluded."pair_bv";
