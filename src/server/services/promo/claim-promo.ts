import { canClaim, PROMO_MESSAGES } from '../../../lib/promo-claim';
import { inTransaction, type Tx } from '../../db/client';
import { countMemberClaims, insertPromoClaim, lockUnclaimedOmsets, takeOmsetPart } from '../../db/queries/promos';
import { AppError } from '../../errors';
import type { SessionMember } from '../auth/session-member';
import { eligibility, findPromo, memberStanding, thresholdOf } from './promo-access';

/**
 * POST /member/promo/claim: claims the promo once (1x) for the signed-in member, in one
 * transaction. The member's unclaimed omset rows of the promo are locked (select … for update),
 * exactly the threshold is taken from the oldest ones (the last one in part, its rest kept for
 * the next claim), and the mark is conditional (claim_by is null), so simultaneous claims never
 * use the same part twice; a second claim waiting on the locks then sees the first one.
 */
export async function claimPromo(
  member: SessionMember,
  promoPublicId: string,
): Promise<{ message: string; public_id: string; no: string }> {
  return inTransaction((tx) => claimPromoIn(tx, member.id, promoPublicId));
}

export async function claimPromoIn(
  tx: Tx,
  memberId: number,
  promoPublicId: string,
): Promise<{ message: string; public_id: string; no: string }> {
  const promo = await findPromo(tx, promoPublicId);
  const me = await memberStanding(tx, memberId);
  const { is_qualified, member_bisa_klaim } = eligibility(promo, me);
  if (!is_qualified) throw new AppError('FORBIDDEN', PROMO_MESSAGES.notQualified);
  if (!member_bisa_klaim) throw new AppError('BAD_INPUT', PROMO_MESSAGES.cannotClaim);

  const rows = await lockUnclaimedOmsets(tx, promo.id, memberId);
  // Counted after the locks: a claim that held them has committed by now and is seen here.
  const claimsSoFar = await countMemberClaims(tx, promo.id, memberId);
  const { basis, threshold } = thresholdOf(promo);
  const amount = (r: { poin: number; nominal: number }) => (basis === 'poin' ? r.poin : r.nominal);
  const unclaimed = rows.reduce((s, r) => s + amount(r), 0);
  if (!promo.kelipatan && claimsSoFar > 0) throw new AppError('CONFLICT', PROMO_MESSAGES.alreadyClaimed);
  if (!canClaim({ unclaimed, threshold, kelipatan: promo.kelipatan, claimsSoFar, memberBisaKlaim: true })) {
    throw new AppError('BAD_INPUT', PROMO_MESSAGES.notEnough);
  }

  const used = takeThreshold(rows, threshold, basis);
  const claim = await insertPromoClaim(tx, {
    promoId: promo.id,
    memberId,
    poin: used.reduce((s, r) => s + r.poin, 0),
    nominal: used.reduce((s, r) => s + r.nominal, 0),
  });
  for (const u of used) {
    if (!(await takeOmsetPart(tx, claim.id, u))) throw new AppError('CONFLICT', PROMO_MESSAGES.notEnough);
  }
  return { message: PROMO_MESSAGES.claimed, public_id: claim.public_id, no: claim.no };
}

/**
 * The oldest rows' remaining amounts until exactly the threshold (COMP_PLAN.md, promo claims): the
 * last row is used in part and keeps its rest for the next claim; the other basis goes pro rata.
 */
function takeThreshold(rows: { id: number; poin: number; nominal: number }[], threshold: number, basis: 'poin' | 'nominal') {
  const used: { id: number; poin: number; nominal: number; whole: boolean }[] = [];
  let need = threshold;
  for (const r of rows) {
    if (need <= 0) break;
    const have = basis === 'poin' ? r.poin : r.nominal;
    if (have <= 0) continue;
    if (have <= need) {
      used.push({ id: r.id, poin: r.poin, nominal: r.nominal, whole: true });
      need -= have;
      continue;
    }
    const share = need / have;
    used.push(
      basis === 'poin'
        ? { id: r.id, poin: need, nominal: Math.floor(r.nominal * share), whole: false }
        : { id: r.id, poin: Math.floor(r.poin * share * 100) / 100, nominal: need, whole: false },
    );
    need = 0;
  }
  return used;
}
