import { inTransaction } from '../../db/client';
import { lockClaim, setClaimDelivered } from '../../db/queries/promo-fulfilment';
import { AppError } from '../../errors';
import type { SessionOperator } from '../operator/operator-sessions';
import { recordAudit } from '../operator/record-audit';
import { requireRole } from '../operator/require-role';
import { UUID } from './promo-access';

export const CLAIM_NOT_FOUND = 'Klaim tidak ditemukan';
export const CLAIM_ALREADY_DELIVERED = 'Hadiah klaim ini sudah ditandai terkirim';
export const claimDelivered = (no: string) => `Klaim ${no} ditandai terkirim`;

/**
 * KONTEN or GUDANG marks a promo claim's reward delivered: once (a second time is refused), with
 * the operator's name, and audited (`promo:deliver`, object `claim:<no>`) in the same transaction.
 * The member's promo page shows the claim delivered from then on.
 */
export async function deliverPromoClaim(operator: SessionOperator, claimPublicId: string): Promise<string> {
  requireRole(operator, ['KONTEN', 'GUDANG']);
  if (!UUID.test(claimPublicId)) throw new AppError('NOT_FOUND', CLAIM_NOT_FOUND);
  return inTransaction(async (tx) => {
    const claim = await lockClaim(tx, claimPublicId);
    if (!claim) throw new AppError('NOT_FOUND', CLAIM_NOT_FOUND);
    if (claim.deliveredAt) throw new AppError('CONFLICT', CLAIM_ALREADY_DELIVERED);
    const at = await setClaimDelivered(tx, claim.id, operator.nama);
    await recordAudit(
      tx,
      { id: operator.id, nama: operator.nama },
      'promo:deliver',
      `claim:${claim.no}`,
      { delivered_at: null },
      { delivered_at: at.toISOString(), id_member: claim.idMember, promo: claim.promoNama },
    );
    return claimDelivered(claim.no);
  });
}
