import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';

export interface Referrer { id_member: string; nama: string }

export const REFERRAL_UNKNOWN = 'Kode referal tidak ditemukan. Periksa kembali link pendaftaran dari sponsor Anda.';

/**
 * The sponsor of the referral page (spec/000 §2: the link's joinme is the member's kode_referal).
 * Only the sponsor's id and name are public; a suspended member's link does not register anyone.
 */
export async function findReferrer(kodeReferal: string | null | undefined): Promise<Referrer | undefined> {
  const kode = kodeReferal?.trim();
  if (!kode || kode.length > 40) return undefined;
  const db = await getDb();
  const [row] = await selectRows<Referrer>(db, sql`
    select id_member, nama from members where kode_referal = ${kode} and not is_suspended limit 1`);
  return row;
}
