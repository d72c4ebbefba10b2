CREATE TABLE "closing_undo_pairing" (
	"tanggal" date NOT NULL,
	"member_id" bigint NOT NULL,
	"before" jsonb,
	CONSTRAINT "closing_undo_pairing_tanggal_member_id_pk" PRIMARY KEY("tanggal","member_id")
);
--> statement-breakpoint
ALTER TABLE "closing_undo" ALTER COLUMN "pairing" DROP NOT NULL;