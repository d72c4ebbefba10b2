CREATE TABLE "bukti_potong" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"nomor" text NOT NULL,
	"member_id" bigint NOT NULL,
	"tahun" integer NOT NULL,
	"masa" integer NOT NULL,
	"status" text NOT NULL,
	"pembetulan_ke" integer DEFAULT 0 NOT NULL,
	"mengganti_id" bigint,
	"npwp" text,
	"nik" text,
	"nama" text NOT NULL,
	"kode_objek_pajak" text NOT NULL,
	"bruto" bigint NOT NULL,
	"dpp" bigint NOT NULL,
	"tarif" text NOT NULL,
	"pph" bigint NOT NULL,
	"tanggal_potong" date NOT NULL,
	"pemotong_npwp" text NOT NULL,
	"pemotong_nama" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bukti_potong_masa_ck" CHECK ("bukti_potong"."masa" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "npwp_statuses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"berlaku_sejak" date NOT NULL,
	"punya_npwp" boolean NOT NULL,
	"jenis" text NOT NULL,
	"nomor" text,
	"admin" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bukti_potong" ADD CONSTRAINT "bukti_potong_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bukti_potong" ADD CONSTRAINT "bukti_potong_mengganti_id_bukti_potong_id_fk" FOREIGN KEY ("mengganti_id") REFERENCES "public"."bukti_potong"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "npwp_statuses" ADD CONSTRAINT "npwp_statuses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bukti_potong_nomor_uq" ON "bukti_potong" USING btree ("nomor");--> statement-breakpoint
CREATE UNIQUE INDEX "bukti_potong_member_masa_uq" ON "bukti_potong" USING btree ("member_id","tahun","masa","pembetulan_ke");--> statement-breakpoint
CREATE INDEX "bukti_potong_masa_idx" ON "bukti_potong" USING btree ("tahun","masa");--> statement-breakpoint
CREATE INDEX "npwp_statuses_member_idx" ON "npwp_statuses" USING btree ("member_id","berlaku_sejak");--> statement-breakpoint
-- Backfill: a verified NPWP on file counts from the beginning (the history starts here).
INSERT INTO "npwp_statuses" ("member_id", "berlaku_sejak", "punya_npwp", "jenis", "nomor", "admin")
SELECT "id", DATE '2000-01-01', true, 'NPWP', "npwp", 'migrasi' FROM "members" WHERE "status_npwp" = 'VERIFIED' AND "npwp" IS NOT NULL;
