import { sql } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../../db/client';
import { AppError } from '../../errors';
import { isQualified, memberBisaKlaim, periodeStatus, PROMO_MESSAGES } from '../../../lib/promo-claim';

type Rank = 'BRONZE' | 'SILVER' | 'PLATINUM';

export interface PromoRow {
  id: number;
  public_id: string;
  nama: string;
  deskripsi: string;
  reward: string;
  jenis: 'REWARD' | 'TRIP';
  periode_awal: string;
  periode_akhir: string;
  batas_klaim: string;
  syarat_poin: number | null;
  syarat_nominal: number | null;
  kelipatan: boolean;
  min_posisi: Rank;
  status: number;
  url_banner: string | null;
  today: string;
}

/** Today in Asia/Jakarta as a date, in SQL. */
export const TODAY = sql`(now() at time zone 'Asia/Jakarta')::date`;

export const PROMO_COLUMNS = sql`p.id::int as id, p.public_id::text as public_id, p.nama, p.deskripsi, p.reward, p.jenis,
  p.periode_awal::text as periode_awal, p.periode_akhir::text as periode_akhir, p.batas_klaim::text as batas_klaim,
  p.syarat_poin::float8 as syarat_poin, p.syarat_nominal::float8 as syarat_nominal, p.kelipatan, p.min_posisi, p.status,
  p.url_banner, ${TODAY}::text as today`;

/** Members see published promos that have started (a future promo is not there yet). */
export const VISIBLE = sql`p.status = 1 and p.periode_awal <= ${TODAY}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A visible promo by public_id, or 404 with 'Promo tidak ditemukan'. */
export async function findPromo(db: Db | Tx, publicId: string): Promise<PromoRow> {
  if (!UUID.test(publicId)) throw new AppError('NOT_FOUND', PROMO_MESSAGES.notFound);
  const [promo] = await selectRows<PromoRow>(db, sql`select ${PROMO_COLUMNS} from promos p where p.public_id = ${publicId}::uuid and ${VISIBLE}`);
  if (!promo) throw new AppError('NOT_FOUND', PROMO_MESSAGES.notFound);
  return promo;
}

/** The member's current rank and suspension, read from the database (not the session copy). */
export async function memberStanding(db: Db | Tx, memberId: number): Promise<{ posisi: Rank; is_suspended: boolean }> {
  const [row] = await selectRows<{ posisi: Rank; is_suspended: boolean }>(db, sql`select posisi, is_suspended from members where id = ${memberId}`);
  if (!row) throw new AppError('UNAUTHORIZED', 'Sesi berakhir, silakan login kembali');
  return row;
}

/** is_qualified and member_bisa_klaim of a member for a promo (rules in src/lib/promo-claim.ts). */
export function eligibility(promo: PromoRow, me: { posisi: Rank; is_suspended: boolean }) {
  const qualified = isQualified(me.posisi, promo.min_posisi);
  const bisa = memberBisaKlaim({
    qualified, suspended: me.is_suspended, status: promo.status, periodeAwal: promo.periode_awal, batasKlaim: promo.batas_klaim, today: promo.today,
  });
  return { is_qualified: qualified, member_bisa_klaim: bisa ? 1 : 0, periode_status: periodeStatus(promo.periode_akhir, promo.today) };
}

/** The threshold of a promo and whether it counts points or rupiah. */
export function thresholdOf(promo: Pick<PromoRow, 'syarat_poin' | 'syarat_nominal'>): { basis: 'poin' | 'nominal'; threshold: number } {
  return promo.syarat_poin !== null ? { basis: 'poin', threshold: promo.syarat_poin } : { basis: 'nominal', threshold: promo.syarat_nominal ?? 0 };
}
