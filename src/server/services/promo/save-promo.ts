import { PROMO_MESSAGES } from '../../../lib/promo-claim';
import { type PromoForm, PromoFormSchema } from '../../../lib/schemas/promo-form';
import { type Db, getDb, inTransaction, type Tx } from '../../db/client';
import { countPromoClaims, deletePromoOmsets, findPromoByPublicId, insertPromo, lockPromo, updatePromoRow } from '../../db/queries/promos';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { recordAllPromoOmsets } from './record-promo-omsets';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const PROMO_LOCKED = 'Promo sudah diklaim member: periode dan syarat tidak dapat diubah';

/** A promo by public_id whatever its status (the console), or NOT_FOUND. */
export async function findPromoAdmin(publicId: string, db?: Db | Tx) {
  if (!UUID.test(publicId)) throw new AppError('NOT_FOUND', PROMO_MESSAGES.notFound);
  const row = await findPromoByPublicId(db ?? (await getDb()), publicId);
  if (!row) throw new AppError('NOT_FOUND', PROMO_MESSAGES.notFound);
  return row;
}

type PromoRow = Awaited<ReturnType<typeof findPromoAdmin>>;

/** The form's values of a stored promo (the edit form starts from them). */
export function promoForm(row: PromoRow): PromoForm {
  return {
    nama: row.nama,
    deskripsi: row.deskripsi,
    reward: row.reward,
    jenis: row.jenis,
    periode_awal: row.periodeAwal,
    periode_akhir: row.periodeAkhir,
    batas_klaim: row.batasKlaim,
    syarat_jenis: row.syaratPoin !== null ? 'poin' : 'nominal',
    syarat: String(row.syaratPoin ?? row.syaratNominal ?? ''),
    kelipatan: row.kelipatan,
    min_posisi: row.minPosisi,
    status: row.status === 1 ? '1' : '0',
    url_banner: row.urlBanner ?? '',
  };
}

function values(data: ReturnType<typeof PromoFormSchema.parse>) {
  return {
    nama: data.nama,
    deskripsi: data.deskripsi,
    reward: data.reward,
    jenis: data.jenis,
    periodeAwal: data.periode_awal,
    periodeAkhir: data.periode_akhir,
    batasKlaim: data.batas_klaim,
    syaratPoin: data.syarat_jenis === 'poin' ? Number(data.syarat) : null,
    syaratNominal: data.syarat_jenis === 'nominal' ? Number(data.syarat) : null,
    kelipatan: data.kelipatan,
    minPosisi: data.min_posisi,
    status: Number(data.status),
    urlBanner: data.url_banner || null,
  };
}

const audited = (row: PromoRow) => promoForm(row);

/**
 * Creates a promo and, in the same transaction, records the omsets of the orders already paid
 * inside its period (the rule of record-promo-omsets.ts, as `npm run ops -- promo:omsets` does).
 */
export async function createPromo(input: PromoForm, by: Actor): Promise<{ publicId: string; omsets: number }> {
  assertRole(by, ['KONTEN']);
  const data = parseWith(PromoFormSchema, input);
  return inTransaction(async (tx) => {
    const row = await insertPromo(tx, values(data));
    const omsets = await recordAllPromoOmsets(tx, row.id);
    await recordAudit(tx, by, 'promo:create', `promo:${row.publicId}`, null, { ...audited(row), omsets });
    return { publicId: row.publicId, omsets };
  });
}

/**
 * Edits a promo. Its period decides which orders count, and its threshold what a claim takes:
 * once a member has claimed, both stay as they are. Before any claim a new period rebuilds the
 * omsets from the paid orders (all in one transaction).
 */
export async function updatePromo(publicId: string, input: PromoForm, by: Actor): Promise<{ omsets: number }> {
  assertRole(by, ['KONTEN']);
  const data = parseWith(PromoFormSchema, input);
  return inTransaction(async (tx) => {
    const found = await findPromoAdmin(publicId, tx);
    const before = (await lockPromo(tx, found.id))!;
    const next = values(data);
    const periodChanged = before.periodeAwal !== next.periodeAwal || before.periodeAkhir !== next.periodeAkhir;
    const thresholdChanged =
      before.syaratPoin !== next.syaratPoin || before.syaratNominal !== next.syaratNominal || before.kelipatan !== next.kelipatan;
    if (periodChanged || thresholdChanged) {
      if ((await countPromoClaims(tx, before.id)) > 0) throw new AppError('CONFLICT', PROMO_LOCKED);
    }
    const row = await updatePromoRow(tx, before.id, next);
    let omsets = 0;
    if (periodChanged) {
      await deletePromoOmsets(tx, before.id);
      omsets = await recordAllPromoOmsets(tx, before.id);
    }
    await recordAudit(tx, by, 'promo:update', `promo:${publicId}`, audited(before), {
      ...audited(row),
      ...(periodChanged ? { omsets } : {}),
    });
    return { omsets };
  });
}

/** Records the omsets of paid orders the promo does not have yet (idempotent), audited. */
export async function backfillPromoOmsets(publicId: string, by: Actor): Promise<number> {
  assertRole(by, ['KONTEN']);
  return inTransaction(async (tx) => {
    const promo = await findPromoAdmin(publicId, tx);
    const omsets = await recordAllPromoOmsets(tx, promo.id);
    await recordAudit(tx, by, 'promo:omsets', `promo:${publicId}`, null, { omsets });
    return omsets;
  });
}
