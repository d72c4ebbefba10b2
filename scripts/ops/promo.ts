import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../src/server/db/client';
import { recordAllPromoOmsets } from '../../src/server/services/promo/record-promo-omsets';

/**
 * `npm run ops -- promo:omsets [public_id]`: builds the omsets of orders already paid for one
 * promo (or every promo), e.g. after creating a promo whose period starts in the past. Idempotent.
 */
export async function promoCommand(action: string, args: string[]): Promise<string> {
  if (action !== 'omsets') throw new Error(`Perintah promo:${action} tidak dikenal. Tersedia: promo:omsets [public_id]`);
  const db = await getDb();
  const publicId = args[0];
  if (!publicId) return `Omset promo dicatat: ${await recordAllPromoOmsets(db)} baris baru`;
  const [promo] = /^[0-9a-f-]{36}$/i.test(publicId)
    ? await selectRows<{ id: number; nama: string }>(db, sql`select id::int as id, nama from promos where public_id = ${publicId}::uuid`)
    : [];
  if (!promo) throw new Error(`Promo ${publicId} tidak ditemukan`);
  return `Omset promo ${promo.nama} dicatat: ${await recordAllPromoOmsets(db, promo.id)} baris baru`;
}
