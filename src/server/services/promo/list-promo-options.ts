import { getDb } from '../../db/client';
import { type PeriodeStatus, promoOptions } from '../../db/queries/promos';
import type { SessionMember } from '../auth/session-member';

export type { PeriodeStatus };

/**
 * GET /member/promo/opt: the promos of the 'Pilih Reward' select, by name; periode_status
 * active (running: /reward-promo/ongoing) or deactive (finished: /reward-promo/completed).
 */
export async function listPromoOptions(_member: SessionMember, periodeStatus?: PeriodeStatus) {
  return promoOptions(await getDb(), periodeStatus);
}
