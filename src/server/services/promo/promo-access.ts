import { isQualified, memberBisaKlaim, PROMO_MESSAGES, periodeStatus } from '../../../lib/promo-claim';
import type { Rank } from '../../../lib/rank';
import type { Db, Tx } from '../../db/client';
import { findVisiblePromo, memberPromoStanding, type PromoRow } from '../../db/queries/promos';
import { AppError } from '../../errors';

export type { PromoRow };

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A visible promo by public_id, or 404 with 'Promo tidak ditemukan'. */
export async function findPromo(db: Db | Tx, publicId: string): Promise<PromoRow> {
  if (!UUID.test(publicId)) throw new AppError('NOT_FOUND', PROMO_MESSAGES.notFound);
  const promo = await findVisiblePromo(db, publicId);
  if (!promo) throw new AppError('NOT_FOUND', PROMO_MESSAGES.notFound);
  return promo;
}

/** The member's current rank and suspension, read from the database (not the session copy). */
export async function memberStanding(db: Db | Tx, memberId: number): Promise<{ posisi: Rank; is_suspended: boolean }> {
  const row = await memberPromoStanding(db, memberId);
  if (!row) throw new AppError('UNAUTHORIZED', 'Sesi berakhir, silakan login kembali');
  return row;
}

/** is_qualified and member_bisa_klaim of a member for a promo (rules in src/lib/promo-claim.ts). */
export function eligibility(promo: PromoRow, me: { posisi: Rank; is_suspended: boolean }) {
  const qualified = isQualified(me.posisi, promo.min_posisi);
  const bisa = memberBisaKlaim({
    qualified,
    suspended: me.is_suspended,
    status: promo.status,
    periodeAwal: promo.periode_awal,
    batasKlaim: promo.batas_klaim,
    today: promo.today,
  });
  return { is_qualified: qualified, member_bisa_klaim: bisa ? 1 : 0, periode_status: periodeStatus(promo.periode_akhir, promo.today) };
}

/** The threshold of a promo and whether it counts points or rupiah. */
export function thresholdOf(promo: Pick<PromoRow, 'syarat_poin' | 'syarat_nominal'>): { basis: 'poin' | 'nominal'; threshold: number } {
  return promo.syarat_poin !== null
    ? { basis: 'poin', threshold: promo.syarat_poin }
    : { basis: 'nominal', threshold: promo.syarat_nominal ?? 0 };
}
