import { getDb } from '../../db/client';
import { claimsToDeliver, promosWithClaims } from '../../db/queries/promo-fulfilment';
import type { SessionOperator } from '../operator/operator-sessions';
import { requireRole } from '../operator/require-role';
import { UUID } from './promo-access';

export const CLAIM_LIST_LIMIT = 500;

/** Promo fulfilment (KONTEN, GUDANG): the claims waiting for their reward, or those delivered, per promo. */
export async function listClaimsToDeliver(operator: SessionOperator, query: { promo?: string | null; terkirim?: boolean }) {
  requireRole(operator, ['KONTEN', 'GUDANG']);
  const db = await getDb();
  const promo = query.promo && UUID.test(query.promo) ? query.promo : undefined;
  const [claims, promos] = await Promise.all([
    claimsToDeliver(db, { promoPublicId: promo, delivered: query.terkirim ?? false }, CLAIM_LIST_LIMIT),
    promosWithClaims(db),
  ]);
  return { claims, promos, promo, terkirim: query.terkirim ?? false };
}
