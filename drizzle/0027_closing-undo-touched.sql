CREATE TABLE "closing_undo_pairing" (
	"tanggal" date NOT NULL,
	"step" integer NOT NULL,
	"rows" jsonb NOT NULL,
	"absent" bigint[] NOT NULL,
	CONSTRAINT "closing_undo_pairing_tanggal_step_pk" PRIMARY KEY("tanggal","step")
);
--> statement-breakpoint
ALTER TABLE "closing_undo" ALTER COLUMN "pairing" DROP NOT NULL;