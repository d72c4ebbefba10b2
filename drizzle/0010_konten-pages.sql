CREATE TABLE "pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"judul" text NOT NULL,
	"konten" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "aktif" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The footer's placeholder links (example.com) become the portal's own pages (/info/...).
UPDATE "settings" SET "value" = '[{"label":"Kode Etik","url":"/info/kode-etik"},{"label":"Kebijakan Privasi","url":"/info/kebijakan-privasi"},{"label":"Kebijakan Pengiriman","url":"/info/kebijakan-pengiriman"},{"label":"Kebijakan Retur/Refund","url":"/info/kebijakan-retur"},{"label":"FAQ","url":"/info/faq"},{"label":"Syarat Pembayaran","url":"/info/syarat-pembayaran"}]'::jsonb, "updated_at" = now()
WHERE "key" = 'footer_links' AND "value"::text LIKE '%example.com%';
