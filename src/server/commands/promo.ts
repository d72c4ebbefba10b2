import { getDb } from '../db/client';
import { AppError } from '../errors';
import { recordAllPromoOmsets } from '../services/promo/record-promo-omsets';
import { findPromoAdmin } from '../services/promo/save-promo';

/**
 * `npm run ops -- promo:omsets [public_id]`: builds the omsets of orders already paid for one
 * promo (or every promo), e.g. after creating a promo whose period starts in the past. Idempotent.
 */
export async function promoCommand(action: string, args: string[]): Promise<string> {
  if (action !== 'omsets') throw new Error(`Perintah promo:${action} tidak dikenal. Tersedia: promo:omsets [public_id]`);
  const db = await getDb();
  const publicId = args[0];
  if (!publicId) return `Omset promo dicatat: ${await recordAllPromoOmsets(db)} baris baru`;
  const promo = await findPromoAdmin(publicId, db).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw new Error(`Promo ${publicId} tidak ditemukan`);
    throw error;
  });
  return `Omset promo ${promo.nama} dicatat: ${await recordAllPromoOmsets(db, promo.id)} baris baru`;
}
