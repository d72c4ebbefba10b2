CREATE TABLE "members" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"id_member" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"nama" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"posisi" text NOT NULL,
	"stokis" boolean DEFAULT false NOT NULL,
	"sponsor_id" bigint,
	"upline_id" bigint,
	"sisi" text NOT NULL,
	"path" text COLLATE "C" NOT NULL,
	"depth" integer NOT NULL,
	"jumlah_child_kiri" integer DEFAULT 0 NOT NULL,
	"jumlah_child_kanan" integer DEFAULT 0 NOT NULL,
	"tgl_join" date NOT NULL,
	"kode_referal" text NOT NULL,
	"status_kodeetik" boolean DEFAULT false NOT NULL,
	"is_suspended" boolean DEFAULT false NOT NULL,
	"nomor_identitas" text,
	"tgl_lahir" date,
	"jenis_kelamin" text,
	"agama" text,
	"status_kawin" text,
	"alamat" text,
	"propinsi" text,
	"kota" text,
	"kecamatan" text,
	"negara" text DEFAULT 'Indonesia' NOT NULL,
	"kode_pos" text,
	"propinsi_domisili" text,
	"kota_domisili" text,
	"kode_bank" text,
	"nama_rekening" text,
	"no_rekening" text,
	"cabang" text,
	"status_rekening" text DEFAULT 'UNVERIFIED' NOT NULL,
	"npwp" text,
	"nama_pemegang_pajak" text,
	"status_npwp" text DEFAULT 'UNVERIFIED' NOT NULL,
	"no_nik_passpor_penerima" text,
	"nama_lengkap_pewaris" text,
	"no_mobile_pewaris" text,
	"hubungan_pewaris" text,
	"auto_widraw" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"member_id" bigint NOT NULL,
	"payload" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_name" text NOT NULL,
	"nama" text NOT NULL,
	"url" text NOT NULL,
	"link" text,
	"description" text,
	"number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"menu_reg" boolean DEFAULT false NOT NULL,
	"menu_upg" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "districts" (
	"code" text PRIMARY KEY NOT NULL,
	"regency_code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provinces" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regencies" (
	"code" text PRIMARY KEY NOT NULL,
	"province_code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "villages" (
	"code" text PRIMARY KEY NOT NULL,
	"district_code" text NOT NULL,
	"name" text NOT NULL,
	"postal_code" text
);
--> statement-breakpoint
CREATE TABLE "shipping_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"member_id" bigint NOT NULL,
	"label" text NOT NULL,
	"nama" text NOT NULL,
	"phone" text NOT NULL,
	"alamat" text NOT NULL,
	"kelurahan_id" text NOT NULL,
	"kode_pos" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_sponsor_id_members_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_upline_id_members_id_fk" FOREIGN KEY ("upline_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_regency_code_regencies_code_fk" FOREIGN KEY ("regency_code") REFERENCES "public"."regencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regencies" ADD CONSTRAINT "regencies_province_code_provinces_code_fk" FOREIGN KEY ("province_code") REFERENCES "public"."provinces"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "villages" ADD CONSTRAINT "villages_district_code_districts_code_fk" FOREIGN KEY ("district_code") REFERENCES "public"."districts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD CONSTRAINT "shipping_addresses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD CONSTRAINT "shipping_addresses_kelurahan_id_villages_code_fk" FOREIGN KEY ("kelurahan_id") REFERENCES "public"."villages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_public_id_uq" ON "members" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_id_member_uq" ON "members" USING btree ("id_member");--> statement-breakpoint
CREATE UNIQUE INDEX "members_username_uq" ON "members" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "members_kode_referal_uq" ON "members" USING btree ("kode_referal");--> statement-breakpoint
CREATE UNIQUE INDEX "members_path_uq" ON "members" USING btree ("path");--> statement-breakpoint
CREATE UNIQUE INDEX "members_upline_side_uq" ON "members" USING btree ("upline_id","sisi");--> statement-breakpoint
CREATE INDEX "members_sponsor_idx" ON "members" USING btree ("sponsor_id");--> statement-breakpoint
CREATE INDEX "members_tgl_join_idx" ON "members" USING btree ("tgl_join");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_tokens_hash_uq" ON "one_time_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "one_time_tokens_member_idx" ON "one_time_tokens" USING btree ("member_id","purpose");--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "banners_group_idx" ON "banners" USING btree ("group_name","number");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "news_public_id_uq" ON "news" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "news_status_created_idx" ON "news" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "districts_regency_idx" ON "districts" USING btree ("regency_code");--> statement-breakpoint
CREATE INDEX "regencies_province_idx" ON "regencies" USING btree ("province_code");--> statement-breakpoint
CREATE INDEX "villages_district_idx" ON "villages" USING btree ("district_code");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_addresses_public_id_uq" ON "shipping_addresses" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "shipping_addresses_member_idx" ON "shipping_addresses" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_addresses_one_default_uq" ON "shipping_addresses" USING btree ("member_id") WHERE "shipping_addresses"."is_default";