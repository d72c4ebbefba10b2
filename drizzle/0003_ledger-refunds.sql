CREATE TABLE "order_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"jenis" text NOT NULL,
	"jumlah" bigint NOT NULL,
	"bv" integer NOT NULL,
	"alasan" text,
	"admin" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tanggal_bonus" date,
	CONSTRAINT "order_refunds_money_ck" CHECK ("order_refunds"."jumlah" > 0 and "order_refunds"."bv" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bonuses" DROP CONSTRAINT "bonuses_money_ck";--> statement-breakpoint
ALTER TABLE "member_pairing" DROP CONSTRAINT "member_pairing_carry_ck";--> statement-breakpoint
DROP INDEX "bonuses_member_day_type_uq";--> statement-breakpoint
ALTER TABLE "bonuses" ADD COLUMN "reverses_id" bigint;--> statement-breakpoint
ALTER TABLE "member_pairing" ADD COLUMN "hutang_bv_kiri" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_pairing" ADD COLUMN "hutang_bv_kanan" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_open_idx" ON "order_refunds" USING btree ("created_at") WHERE "order_refunds"."tanggal_bonus" is null;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_reverses_id_bonuses_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonuses_reverses_idx" ON "bonuses" USING btree ("reverses_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bonuses_member_day_type_uq" ON "bonuses" USING btree ("member_id","tanggal","jenis_bonus",coalesce("reverses_id", 0));--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_money_ck" CHECK ("bonuses"."bonus_dibayar" = "bonuses"."bonus_bruto" - "bonuses"."pot_pph" and (
    ("bonuses"."reverses_id" is null and "bonuses"."bonus_bruto" >= 0 and "bonuses"."pot_pph" >= 0) or ("bonuses"."reverses_id" is not null and "bonuses"."bonus_bruto" <= 0 and "bonuses"."pot_pph" <= 0)));--> statement-breakpoint
ALTER TABLE "member_pairing" ADD CONSTRAINT "member_pairing_carry_ck" CHECK ("member_pairing"."sisa_bv_kiri" >= 0 and "member_pairing"."sisa_bv_kanan" >= 0 and "member_pairing"."hutang_bv_kiri" >= 0 and "member_pairing"."hutang_bv_kanan" >= 0);