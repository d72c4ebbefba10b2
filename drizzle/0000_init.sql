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
	"jumlah_bronze_kiri" integer DEFAULT 0 NOT NULL,
	"jumlah_bronze_kanan" integer DEFAULT 0 NOT NULL,
	"jumlah_silver_kiri" integer DEFAULT 0 NOT NULL,
	"jumlah_silver_kanan" integer DEFAULT 0 NOT NULL,
	"jumlah_platinum_kiri" integer DEFAULT 0 NOT NULL,
	"jumlah_platinum_kanan" integer DEFAULT 0 NOT NULL,
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
CREATE TABLE "order_details" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"harga" bigint NOT NULL,
	"qty" integer NOT NULL,
	"value" integer NOT NULL,
	"berat" integer NOT NULL,
	"dpp" bigint NOT NULL,
	CONSTRAINT "order_details_qty_ck" CHECK ("order_details"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_histories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"tanggal" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"id_admin" integer,
	"admin_nama" text,
	"keterangan" text
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"no_order" text NOT NULL,
	"no_invoice" text,
	"member_id" bigint NOT NULL,
	"jenis_order" text NOT NULL,
	"status_order" text DEFAULT 'PENDING' NOT NULL,
	"tgl_order" timestamp with time zone DEFAULT now() NOT NULL,
	"tgl_invoice" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"posisi" text,
	"sisi" text,
	"calon_member" jsonb,
	"new_member_id" bigint,
	"total_bv" integer NOT NULL,
	"total_harga" bigint NOT NULL,
	"total_berat" integer DEFAULT 0 NOT NULL,
	"pickup_store" boolean DEFAULT false NOT NULL,
	"gudang_id" bigint,
	"nama_kirim" text,
	"phone_kirim" text,
	"alamat_kirim" text,
	"kode_pos_kirim" text,
	"kelurahan_kirim_id" text,
	"ekspedisi" text,
	"biaya_kirim" bigint DEFAULT 0 NOT NULL,
	"diskon_biaya_kirim" bigint DEFAULT 0 NOT NULL,
	"asuransi_kirim" bigint DEFAULT 0 NOT NULL,
	"biaya_pembayaran" bigint DEFAULT 0 NOT NULL,
	"total_bayar" bigint NOT NULL,
	"payment_method" text,
	"pembayaran" jsonb,
	"is_ppn" boolean DEFAULT false NOT NULL,
	"total_dpp" bigint DEFAULT 0 NOT NULL,
	"total_ppn" bigint DEFAULT 0 NOT NULL,
	"no_resi" text,
	"received_at" timestamp with time zone,
	"received_by" text,
	"client_ref" text,
	"payment_token" text,
	"payment_redirect_url" text,
	"via_referral" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_money_ck" CHECK ("orders"."total_harga" >= 0 and "orders"."total_bayar" >= 0 and "orders"."total_bv" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint,
	"no_order" text NOT NULL,
	"transaction_id" text,
	"transaction_status" text NOT NULL,
	"gross_amount" text,
	"outcome" text NOT NULL,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kode" text NOT NULL,
	"nama" text NOT NULL,
	"deskripsi" text DEFAULT '' NOT NULL,
	"kategori" text NOT NULL,
	"harga" bigint NOT NULL,
	"value" integer NOT NULL,
	"berat" integer NOT NULL,
	"dpp" bigint NOT NULL,
	"persen_ppn" integer NOT NULL,
	"gambars" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "products_money_ck" CHECK ("products"."harga" >= 0 and "products"."dpp" >= 0 and "products"."value" >= 0 and "products"."berat" >= 0)
);
--> statement-breakpoint
CREATE TABLE "warehouse_stock" (
	"warehouse_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"qty" integer NOT NULL,
	CONSTRAINT "warehouse_stock_warehouse_id_product_id_pk" PRIMARY KEY("warehouse_id","product_id"),
	CONSTRAINT "warehouse_stock_qty_ck" CHECK ("warehouse_stock"."qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"nama" text NOT NULL,
	"lokasi" text NOT NULL,
	"kelurahan_id" text,
	"is_online" boolean DEFAULT true NOT NULL,
	"is_pickup" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "npwp_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"npwp" text NOT NULL,
	"nama_pemegang_pajak" text NOT NULL,
	"status" text DEFAULT 'UNVERIFIED' NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"effective_at" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonuses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"member_id" bigint NOT NULL,
	"tanggal" date NOT NULL,
	"jenis_bonus" text NOT NULL,
	"bonus_bruto" bigint NOT NULL,
	"pot_pph" bigint NOT NULL,
	"bonus_dibayar" bigint NOT NULL,
	"status_transfer" text DEFAULT 'PENDING' NOT NULL,
	"tgl_transfer" timestamp with time zone,
	"detail" jsonb NOT NULL,
	"payout_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonuses_money_ck" CHECK ("bonuses"."bonus_bruto" >= 0 and "bonuses"."pot_pph" >= 0 and "bonuses"."bonus_dibayar" = "bonuses"."bonus_bruto" - "bonuses"."pot_pph")
);
--> statement-breakpoint
CREATE TABLE "closed_days" (
	"tanggal" date PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bonus_count" integer NOT NULL,
	"total_bruto" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_pairing" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"sisa_bv_kiri" integer DEFAULT 0 NOT NULL,
	"sisa_bv_kanan" integer DEFAULT 0 NOT NULL,
	"tanggal_expired" date NOT NULL,
	"jumlah_pair" integer DEFAULT 0 NOT NULL,
	"jumlah_pair_bv" integer DEFAULT 0 NOT NULL,
	"jumlah_bv_kiri" integer DEFAULT 0 NOT NULL,
	"jumlah_bv_kanan" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_pairing_carry_ck" CHECK ("member_pairing"."sisa_bv_kiri" >= 0 and "member_pairing"."sisa_bv_kanan" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"no" text NOT NULL,
	"member_id" bigint NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total_bonus" bigint NOT NULL,
	"admin_fee" bigint NOT NULL,
	"nominal" bigint NOT NULL,
	"bank_nama" text,
	"no_rekening" text,
	"nama_rekening" text,
	"bonus_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"catatan" text,
	CONSTRAINT "payouts_money_ck" CHECK ("payouts"."nominal" = "payouts"."total_bonus" - "payouts"."admin_fee" and "payouts"."nominal" > 0)
);
--> statement-breakpoint
CREATE TABLE "promo_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"promo_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"tgl_claim" timestamp with time zone DEFAULT now() NOT NULL,
	"no" text NOT NULL,
	"poin_claimed" numeric(12, 2) DEFAULT 0 NOT NULL,
	"nominal_claimed" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_omsets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"promo_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"tanggal" timestamp with time zone NOT NULL,
	"poin" numeric(12, 2) NOT NULL,
	"nominal" bigint NOT NULL,
	"jenis_order" text NOT NULL,
	"claim_by" bigint,
	CONSTRAINT "promo_omsets_amount_ck" CHECK ("promo_omsets"."poin" >= 0 and "promo_omsets"."nominal" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"nama" text NOT NULL,
	"deskripsi" text DEFAULT '' NOT NULL,
	"reward" text NOT NULL,
	"jenis" text DEFAULT 'REWARD' NOT NULL,
	"periode_awal" date NOT NULL,
	"periode_akhir" date NOT NULL,
	"batas_klaim" date NOT NULL,
	"syarat_poin" numeric(12, 2),
	"syarat_nominal" bigint,
	"kelipatan" boolean DEFAULT false NOT NULL,
	"min_posisi" text DEFAULT 'BRONZE' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"url_banner" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promos_periode_ck" CHECK ("promos"."periode_awal" <= "promos"."periode_akhir" and "promos"."periode_akhir" <= "promos"."batas_klaim"),
	CONSTRAINT "promos_syarat_ck" CHECK (("promos"."syarat_poin" is not null and "promos"."syarat_poin" > 0 and "promos"."syarat_nominal" is null)
    or ("promos"."syarat_nominal" is not null and "promos"."syarat_nominal" > 0 and "promos"."syarat_poin" is null))
);
--> statement-breakpoint
CREATE TABLE "retur_jual" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"no_retur" text NOT NULL,
	"tanggal" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"alasan_ditolak" text,
	"deskripsi" text NOT NULL,
	"order_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"kirim_ulang_id" bigint,
	"no_resi" text,
	"ekspedisi" text,
	"same_address" text DEFAULT 'Y' NOT NULL,
	"nama_kirim" text NOT NULL,
	"phone_kirim" text NOT NULL,
	"alamat_kirim" text NOT NULL,
	"kode_pos_kirim" text,
	"kelurahan_kirim_id" text,
	"kecamatan" text,
	"kota" text,
	"propinsi" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retur_jual_status_ck" CHECK ("retur_jual"."status" in ('PENDING', 'APPROVED', 'DELIVERY', 'RECEIVED', 'DONE', 'REJECTED')),
	CONSTRAINT "retur_jual_rejected_ck" CHECK ("retur_jual"."status" <> 'REJECTED' or coalesce("retur_jual"."alasan_ditolak", '') <> ''),
	CONSTRAINT "retur_jual_done_ck" CHECK ("retur_jual"."status" <> 'DONE' or "retur_jual"."kirim_ulang_id" is not null),
	CONSTRAINT "retur_jual_resi_ck" CHECK ("retur_jual"."status" not in ('DELIVERY', 'RECEIVED', 'DONE') or ("retur_jual"."no_resi" is not null and "retur_jual"."ekspedisi" is not null))
);
--> statement-breakpoint
CREATE TABLE "retur_jual_details" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"retur_id" bigint NOT NULL,
	"order_detail_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"qty" integer NOT NULL,
	CONSTRAINT "retur_jual_details_qty_ck" CHECK ("retur_jual_details"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "retur_jual_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"retur_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"file" text NOT NULL,
	"type" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retur_jual_files_type_ck" CHECK ("retur_jual_files"."type" in ('image', 'video')),
	CONSTRAINT "retur_jual_files_size_ck" CHECK ("retur_jual_files"."size" > 0 and ("retur_jual_files"."type" <> 'video' or "retur_jual_files"."size" <= 5000000) and ("retur_jual_files"."type" <> 'image' or "retur_jual_files"."size" <= 1000000))
);
--> statement-breakpoint
CREATE TABLE "retur_jual_histories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"retur_id" bigint NOT NULL,
	"tanggal" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"id_admin" integer DEFAULT 0 NOT NULL,
	"admin_nama" text,
	"keterangan" text
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
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_histories" ADD CONSTRAINT "order_histories_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_new_member_id_members_id_fk" FOREIGN KEY ("new_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gudang_id_warehouses_id_fk" FOREIGN KEY ("gudang_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kelurahan_kirim_id_villages_code_fk" FOREIGN KEY ("kelurahan_kirim_id") REFERENCES "public"."villages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_stock" ADD CONSTRAINT "warehouse_stock_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_stock" ADD CONSTRAINT "warehouse_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_kelurahan_id_villages_code_fk" FOREIGN KEY ("kelurahan_id") REFERENCES "public"."villages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "npwp_changes" ADD CONSTRAINT "npwp_changes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_pairing" ADD CONSTRAINT "member_pairing_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_claims" ADD CONSTRAINT "promo_claims_promo_id_promos_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_claims" ADD CONSTRAINT "promo_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_omsets" ADD CONSTRAINT "promo_omsets_promo_id_promos_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_omsets" ADD CONSTRAINT "promo_omsets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_omsets" ADD CONSTRAINT "promo_omsets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_omsets" ADD CONSTRAINT "promo_omsets_claim_by_promo_claims_id_fk" FOREIGN KEY ("claim_by") REFERENCES "public"."promo_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retur_jual" ADD CONSTRAINT "retur_jual_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retur_jual" ADD CONSTRAINT "retur_jual_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retur_jual" ADD CONSTRAINT "retur_jual_kirim_ulang_id_orders_id_fk" FOREIGN KEY ("kirim_ulang_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retur_jual" ADD CONSTRAINT "retur_jual_kelurahan_kirim_id_villages_code_fk" FOREIGN KEY ("kelurahan_kirim_id") REFERENCES "public"."villages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retur_jual_details" ADD CONSTRAINT "retur_jual_details_retur_id_retur_jual_id_fk" FOREIGN KEY ("retur_id") REFERENCES "public"."retur_jual"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retur_jual_details" ADD CONSTRAINT "retur_jual_details_order_detail_id_order_details_id_fk" FOREIGN KEY ("order_detail_id") REFERENCES "public"."order_details"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retur_jual_details" ADD CONSTRAINT "retur_jual_details_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retur_jual_files" ADD CONSTRAINT "retur_jual_files_retur_id_retur_jual_id_fk" FOREIGN KEY ("retur_id") REFERENCES "public"."retur_jual"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retur_jual_files" ADD CONSTRAINT "retur_jual_files_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retur_jual_histories" ADD CONSTRAINT "retur_jual_histories_retur_id_retur_jual_id_fk" FOREIGN KEY ("retur_id") REFERENCES "public"."retur_jual"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_public_id_uq" ON "members" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_id_member_uq" ON "members" USING btree ("id_member");--> statement-breakpoint
CREATE UNIQUE INDEX "members_username_uq" ON "members" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "members_kode_referal_uq" ON "members" USING btree ("kode_referal");--> statement-breakpoint
CREATE UNIQUE INDEX "members_path_uq" ON "members" USING btree ("path");--> statement-breakpoint
CREATE UNIQUE INDEX "members_upline_side_uq" ON "members" USING btree ("upline_id","sisi");--> statement-breakpoint
CREATE INDEX "members_sponsor_idx" ON "members" USING btree ("sponsor_id");--> statement-breakpoint
CREATE INDEX "members_tgl_join_idx" ON "members" USING btree ("tgl_join");--> statement-breakpoint
CREATE INDEX "members_nama_prefix_idx" ON "members" USING btree ((lower("nama") collate "C"),"id");--> statement-breakpoint
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
CREATE UNIQUE INDEX "shipping_addresses_one_default_uq" ON "shipping_addresses" USING btree ("member_id") WHERE "shipping_addresses"."is_default";--> statement-breakpoint
CREATE INDEX "order_details_order_idx" ON "order_details" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_histories_order_idx" ON "order_histories" USING btree ("order_id","tanggal");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_public_id_uq" ON "orders" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_no_order_uq" ON "orders" USING btree ("no_order");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_no_invoice_uq" ON "orders" USING btree ("no_invoice");--> statement-breakpoint
CREATE INDEX "orders_member_tgl_idx" ON "orders" USING btree ("member_id","tgl_order");--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "orders_new_member_idx" ON "orders" USING btree ("new_member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_client_ref_uq" ON "orders" USING btree ("member_id","client_ref");--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status_order" = 'PENDING';--> statement-breakpoint
CREATE INDEX "payment_notifications_order_idx" ON "payment_notifications" USING btree ("no_order","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "products_public_id_uq" ON "products" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_kode_uq" ON "products" USING btree ("kode");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_public_id_uq" ON "warehouses" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "npwp_changes_member_idx" ON "npwp_changes" USING btree ("member_id","status");--> statement-breakpoint
CREATE INDEX "bonuses_member_payout_idx" ON "bonuses" USING btree ("member_id","payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bonuses_public_id_uq" ON "bonuses" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bonuses_member_day_type_uq" ON "bonuses" USING btree ("member_id","tanggal","jenis_bonus");--> statement-breakpoint
CREATE INDEX "bonuses_tanggal_idx" ON "bonuses" USING btree ("tanggal");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_public_id_uq" ON "payouts" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_no_uq" ON "payouts" USING btree ("no");--> statement-breakpoint
CREATE INDEX "payouts_member_idx" ON "payouts" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_claims_public_id_uq" ON "promo_claims" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_claims_no_uq" ON "promo_claims" USING btree ("no");--> statement-breakpoint
CREATE INDEX "promo_claims_member_promo_idx" ON "promo_claims" USING btree ("member_id","promo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_omsets_promo_order_uq" ON "promo_omsets" USING btree ("promo_id","order_id");--> statement-breakpoint
CREATE INDEX "promo_omsets_member_promo_idx" ON "promo_omsets" USING btree ("member_id","promo_id","tanggal");--> statement-breakpoint
CREATE INDEX "promo_omsets_claim_idx" ON "promo_omsets" USING btree ("claim_by");--> statement-breakpoint
CREATE UNIQUE INDEX "promos_public_id_uq" ON "promos" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "promos_periode_idx" ON "promos" USING btree ("periode_awal","periode_akhir");--> statement-breakpoint
CREATE UNIQUE INDEX "retur_jual_public_id_uq" ON "retur_jual" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "retur_jual_no_retur_uq" ON "retur_jual" USING btree ("no_retur");--> statement-breakpoint
CREATE INDEX "retur_jual_member_tanggal_idx" ON "retur_jual" USING btree ("member_id","tanggal");--> statement-breakpoint
CREATE UNIQUE INDEX "retur_jual_one_open_per_order_uq" ON "retur_jual" USING btree ("order_id") WHERE "retur_jual"."status" not in ('DONE', 'REJECTED');--> statement-breakpoint
CREATE UNIQUE INDEX "retur_jual_kirim_ulang_uq" ON "retur_jual" USING btree ("kirim_ulang_id");--> statement-breakpoint
CREATE UNIQUE INDEX "retur_jual_details_line_uq" ON "retur_jual_details" USING btree ("retur_id","order_detail_id");--> statement-breakpoint
CREATE INDEX "retur_jual_details_order_detail_idx" ON "retur_jual_details" USING btree ("order_detail_id");--> statement-breakpoint
CREATE UNIQUE INDEX "retur_jual_files_public_id_uq" ON "retur_jual_files" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "retur_jual_files_file_uq" ON "retur_jual_files" USING btree ("file");--> statement-breakpoint
CREATE INDEX "retur_jual_files_retur_idx" ON "retur_jual_files" USING btree ("retur_id");--> statement-breakpoint
CREATE INDEX "retur_jual_histories_retur_idx" ON "retur_jual_histories" USING btree ("retur_id","tanggal");