-- The draft undo keeps the pairing rows column by column instead of as a jsonb array of rows
-- (issue #24: building the jsonb took a third of a second of a busy day at 1M members). An
-- existing draft's undo is converted in place, so it can still be discarded after the upgrade.
ALTER TABLE "closing_undo_pairing" ADD COLUMN "member_id" bigint[];
--> statement-breakpoint
ALTER TABLE "closing_undo_pairing" ADD COLUMN "sisa_bv_kiri" integer[];
--> statement-breakpoint
ALTER TABLE "closing_undo_pairing" ADD COLUMN "sisa_bv_kanan" integer[];
--> statement-breakpoint
ALTER TABLE "closing_undo_pairing" ADD COLUMN "tanggal_expired" date[];
--> statement-breakpoint
ALTER TABLE "closing_undo_pairing" ADD COLUMN "jumlah_pair" integer[];
--> statement-breakpoint
ALTER TABLE "closing_undo_pairing" ADD COLUMN "jumlah_pair_bv" integer[];
--> statement-breakpoint
ALTER TABLE "closing_undo_pairing" ADD COLUMN "jumlah_bv_kiri" integer[];
--> statement-breakpoint
ALTER TABLE "closing_undo_pairing" ADD COLUMN "jumlah_bv_kanan" integer[];
--> statement-breakpoint
ALTER TABLE "closing_undo_pairing" ADD COLUMN "hutang_bv_kiri" integer[];
--> statement-breakpoint
ALTER TABLE "closing_undo_pairing" ADD COLUMN "hutang_bv_kanan" integer[];
--> statement-breakpoint
UPDATE "closing_undo_pairing" u SET
  "member_id" = coalesce((select array_agg((r ->> 'member_id')::bigint order by o) from jsonb_array_elements(u."rows") with ordinality as e(r, o)), '{}'),
  "sisa_bv_kiri" = coalesce((select array_agg((r ->> 'sisa_bv_kiri')::integer order by o) from jsonb_array_elements(u."rows") with ordinality as e(r, o)), '{}'),
  "sisa_bv_kanan" = coalesce((select array_agg((r ->> 'sisa_bv_kanan')::integer order by o) from jsonb_array_elements(u."rows") with ordinality as e(r, o)), '{}'),
  "tanggal_expired" = coalesce((select array_agg((r ->> 'tanggal_expired')::date order by o) from jsonb_array_elements(u."rows") with ordinality as e(r, o)), '{}'),
  "jumlah_pair" = coalesce((select array_agg((r ->> 'jumlah_pair')::integer order by o) from jsonb_array_elements(u."rows") with ordinality as e(r, o)), '{}'),
  "jumlah_pair_bv" = coalesce((select array_agg((r ->> 'jumlah_pair_bv')::integer order by o) from jsonb_array_elements(u."rows") with ordinality as e(r, o)), '{}'),
  "jumlah_bv_kiri" = coalesce((select array_agg((r ->> 'jumlah_bv_kiri')::integer order by o) from jsonb_array_elements(u."rows") with ordinality as e(r, o)), '{}'),
  "jumlah_bv_kanan" = coalesce((select array_agg((r ->> 'jumlah_bv_kanan')::integer order by o) from jsonb_array_elements(u."rows") with ordinality as e(r, o)), '{}'),
  "hutang_bv_kiri" = coalesce((select array_agg((r ->> 'hutang_bv_kiri')::integer order by o) from jsonb_array_elements(u."rows") with ordinality as e(r, o)), '{}'),
  "hutang_bv_kanan" = coalesce((select array_agg((r ->> 'hutang_bv_kanan')::integer order by o) from jsonb_array_elements(u."rows") with ordinality as e(r, o)), '{}');
--> statement-breakpoint
ALTER TABLE "closing_undo_pairing" ALTER COLUMN "member_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "closing_undo_pairing" ALTER COLUMN "sisa_bv_kiri" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "closing_undo_pairing" ALTER COLUMN "sisa_bv_kanan" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "closing_undo_pairing" ALTER COLUMN "tanggal_expired" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "closing_undo_pairing" ALTER COLUMN "jumlah_pair" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "closing_undo_pairing" ALTER COLUMN "jumlah_pair_bv" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "closing_undo_pairing" ALTER COLUMN "jumlah_bv_kiri" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "closing_undo_pairing" ALTER COLUMN "jumlah_bv_kanan" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "closing_undo_pairing" ALTER COLUMN "hutang_bv_kiri" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "closing_undo_pairing" ALTER COLUMN "hutang_bv_kanan" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "closing_undo_pairing" DROP COLUMN "rows";
