CREATE TABLE "bonus_adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"member_id" bigint NOT NULL,
	"jenis" text NOT NULL,
	"nominal" bigint NOT NULL,
	"alasan" text NOT NULL,
	"status" text DEFAULT 'diajukan' NOT NULL,
	"pembuat_id" bigint,
	"pembuat_nama" text NOT NULL,
	"pemeriksa_id" bigint,
	"pemeriksa_nama" text,
	"catatan" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"diputuskan_at" timestamp with time zone,
	"tanggal" date,
	"bonus_id" bigint,
	CONSTRAINT "bonus_adjustments_nominal_ck" CHECK ("bonus_adjustments"."nominal" > 0)
);
--> statement-breakpoint
CREATE TABLE "bonus_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"bonus_id" bigint,
	"alasan" text NOT NULL,
	"ditahan_oleh_id" bigint,
	"ditahan_oleh_nama" text NOT NULL,
	"ditahan_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dilepas_oleh_nama" text,
	"dilepas_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "setting_proposals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"grup" text NOT NULL,
	"sebelum" jsonb NOT NULL,
	"nilai" jsonb NOT NULL,
	"berlaku_mulai" date,
	"status" text DEFAULT 'diajukan' NOT NULL,
	"pengusul_id" bigint,
	"pengusul_nama" text NOT NULL,
	"pemeriksa_id" bigint,
	"pemeriksa_nama" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"diputuskan_at" timestamp with time zone,
	"diterapkan_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bonuses" DROP CONSTRAINT "bonuses_money_ck";--> statement-breakpoint
DROP INDEX "bonuses_member_day_type_uq";--> statement-breakpoint
ALTER TABLE "bonus_adjustments" ADD CONSTRAINT "bonus_adjustments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_adjustments" ADD CONSTRAINT "bonus_adjustments_pembuat_id_operators_id_fk" FOREIGN KEY ("pembuat_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_adjustments" ADD CONSTRAINT "bonus_adjustments_pemeriksa_id_operators_id_fk" FOREIGN KEY ("pemeriksa_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_adjustments" ADD CONSTRAINT "bonus_adjustments_bonus_id_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_holds" ADD CONSTRAINT "bonus_holds_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_holds" ADD CONSTRAINT "bonus_holds_bonus_id_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_holds" ADD CONSTRAINT "bonus_holds_ditahan_oleh_id_operators_id_fk" FOREIGN KEY ("ditahan_oleh_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setting_proposals" ADD CONSTRAINT "setting_proposals_pengusul_id_operators_id_fk" FOREIGN KEY ("pengusul_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setting_proposals" ADD CONSTRAINT "setting_proposals_pemeriksa_id_operators_id_fk" FOREIGN KEY ("pemeriksa_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_adjustments_public_id_uq" ON "bonus_adjustments" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "bonus_adjustments_status_idx" ON "bonus_adjustments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "bonus_holds_member_idx" ON "bonus_holds" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_holds_live_uq" ON "bonus_holds" USING btree ("member_id",coalesce("bonus_id", 0)) WHERE "bonus_holds"."dilepas_at" is null;--> statement-breakpoint
CREATE INDEX "setting_proposals_grup_idx" ON "setting_proposals" USING btree ("grup","status","berlaku_mulai");--> statement-breakpoint
CREATE UNIQUE INDEX "bonuses_member_day_type_uq" ON "bonuses" USING btree ("member_id","tanggal","jenis_bonus",coalesce("reverses_id", 0)) WHERE "bonuses"."jenis_bonus" <> 'ADJUSTMENT';--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_money_ck" CHECK ("bonuses"."bonus_dibayar" = "bonuses"."bonus_bruto" - "bonuses"."pot_pph" and (
    ("bonuses"."reverses_id" is null and "bonuses"."bonus_bruto" >= 0 and "bonuses"."pot_pph" >= 0) or ("bonuses"."reverses_id" is not null and "bonuses"."bonus_bruto" <= 0 and "bonuses"."pot_pph" <= 0)
    or ("bonuses"."jenis_bonus" = 'ADJUSTMENT' and "bonuses"."reverses_id" is null and "bonuses"."bonus_bruto" < 0 and "bonuses"."pot_pph" <= 0)));