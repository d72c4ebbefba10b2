import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { inTransaction, selectRows, type Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { SessionMember } from '../auth/session-member';
import { canClaim, PROMO_MESSAGES } from '../../../lib/promo-claim';
import { eligibility, findPromo, memberStanding, thresholdOf } from './promo-access';

/**
 * POST /member/promo/claim: claims the promo once (1x) for the signed-in member, in one
 * transaction. The member's unclaimed omset rows of the promo are locked (select … for update),
 * the oldest ones that reach the threshold are marked with the new claim, and the mark is
 * conditional (claim_by is null), so simultaneous claims never use the same rows; a second
 * claim waiting on the locks then sees the first one (and its rows gone) before deciding.
 */
export async function claimPromo(member: SessionMember, promoPublicId: string): Promise<{ message: string; public_id: string; no: string }> {
  return inTransaction((tx) => claimPromoIn(tx, member.id, promoPublicId));
}

export async function claimPromoIn(tx: Tx, memberId: number, promoPublicId: string): Promise<{ message: string; public_id: string; no: string }> {
  const promo = await findPromo(tx, promoPublicId);
  const me = await memberStanding(tx, memberId);
  const { is_qualified, member_bisa_klaim } = eligibility(promo, me);
  if (!is_qualified) throw new AppError('FORBIDDEN', PROMO_MESSAGES.notQualified);
  if (!member_bisa_klaim) throw new AppError('BAD_INPUT', PROMO_MESSAGES.cannotClaim);

  const rows = await selectRows<{ id: number; poin: number; nominal: number }>(tx, sql`
    select id::int as id, poin::float8 as poin, nominal::float8 as nominal from promo_omsets
    where promo_id = ${promo.id} and member_id = ${memberId} and claim_by is null
    order by tanggal, id for update`);
  // Counted after the locks: a claim that held them has committed by now and is seen here.
  const [{ n: claimsSoFar }] = await selectRows<{ n: number }>(tx, sql`
    select count(*)::int as n from promo_claims where promo_id = ${promo.id} and member_id = ${memberId}`) as [{ n: number }];
  const { basis, threshold } = thresholdOf(promo);
  const amount = (r: { poin: number; nominal: number }) => (basis === 'poin' ? r.poin : r.nominal);
  const unclaimed = rows.reduce((s, r) => s + amount(r), 0);
  if (!promo.kelipatan && claimsSoFar > 0) throw new AppError('CONFLICT', PROMO_MESSAGES.alreadyClaimed);
  if (!canClaim({ unclaimed, threshold, kelipatan: promo.kelipatan, claimsSoFar, memberBisaKlaim: true })) {
    throw new AppError('BAD_INPUT', PROMO_MESSAGES.notEnough);
  }

  // The oldest rows until the threshold is reached; the last row's excess goes with this claim.
  const used: typeof rows = [];
  let total = 0;
  for (const r of rows) {
    if (total >= threshold) break;
    used.push(r);
    total += amount(r);
  }
  const [claim] = await selectRows<{ id: number; public_id: string }>(tx, sql`
    insert into promo_claims (promo_id, member_id, no, poin_claimed, nominal_claimed)
    values (${promo.id}, ${memberId}, ${randomUUID()}, ${used.reduce((s, r) => s + r.poin, 0)}, ${used.reduce((s, r) => s + r.nominal, 0)})
    returning id::int as id, public_id::text as public_id`);
  const [{ no }] = await selectRows<{ no: string }>(tx, sql`
    update promo_claims set no = 'CLM-' || to_char(tgl_claim at time zone 'Asia/Jakarta', 'YYYYMMDD') || '-' || lpad(id::text, 7, '0')
    where id = ${claim!.id} returning no`) as [{ no: string }];
  const marked = await selectRows<{ id: number }>(tx, sql`
    update promo_omsets set claim_by = ${claim!.id}
    where id in (${sql.join(used.map((r) => sql`${r.id}`), sql`, `)}) and claim_by is null returning id::int as id`);
  if (marked.length !== used.length) throw new AppError('CONFLICT', PROMO_MESSAGES.notEnough);
  return { message: PROMO_MESSAGES.claimed, public_id: claim!.public_id, no };
}
