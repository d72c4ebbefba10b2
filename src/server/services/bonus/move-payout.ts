import type { Tx } from '../../db/client';
import { lockPayoutForMove, payPayoutBonuses, releasePayoutBonuses, writePayoutStatus } from '../../db/queries/payouts';
import {
  PAYOUT_ACTION_TARGETS,
  PAYOUT_EFFECTS,
  type PayoutRefusal,
  type PayoutStatus,
  payoutMoveRefusal,
} from '../../domain/payout-status';
import { AppError } from '../../errors';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';

const ACTION_OF = Object.fromEntries(Object.entries(PAYOUT_ACTION_TARGETS).map(([action, to]) => [to, action])) as Partial<
  Record<PayoutStatus, string>
>;

export type PayoutMove = { ok: true; from: PayoutStatus } | { ok: false; refusal: PayoutRefusal };

/**
 * The one door that changes an existing payout's status (console, `npm run ops -- payout:*`, a
 * bank batch's export and completion, a disbursement provider's answer with `via` = 'provider'), inside the caller's transaction: the payout is locked, the
 * transition table (domain/payout-status.ts) decides, then the move's effects and its audit row
 * are written. A refusal is returned before anything was written, so a batch can list it and go on.
 */
export async function tryMovePayout(
  tx: Tx,
  no: string,
  to: PayoutStatus,
  by: Actor,
  catatan?: string,
  via: 'operator' | 'provider' = 'operator',
): Promise<PayoutMove> {
  assertRole(by, ['KEUANGAN']);
  const payout = await lockPayoutForMove(tx, no);
  if (!payout) throw new AppError('NOT_FOUND', `Payout ${no} tidak ditemukan`);
  const reason = catatan?.trim().slice(0, 500) || undefined;
  const refusal = payoutMoveRefusal(
    {
      no,
      status: payout.status,
      batchNo: payout.batchNo,
      batchProvider: payout.batchProvider,
      memberSuspended: payout.isSuspended,
      reason,
      via,
    },
    to,
  );
  if (refusal) return { ok: false, refusal };
  const effect = PAYOUT_EFFECTS[to];
  await writePayoutStatus(tx, payout.id, to, effect, reason ?? null);
  if (effect.bonuses === 'pay') await payPayoutBonuses(tx, payout.id);
  if (effect.bonuses === 'release') await releasePayoutBonuses(tx, payout.id);
  await recordAudit(
    tx,
    by,
    `payout:${ACTION_OF[to] ?? to}`,
    `payout:${no}`,
    { status: payout.status },
    { status: to, ...(effect.note && reason ? { catatan: reason } : {}) },
  );
  return { ok: true, from: payout.status };
}

/** tryMovePayout that throws the refusal (409, or 400 for a missing reason). */
export async function movePayout(tx: Tx, no: string, to: PayoutStatus, by: Actor, catatan?: string): Promise<PayoutStatus> {
  const move = await tryMovePayout(tx, no, to, by, catatan);
  if (!move.ok) throw new AppError(move.refusal.code, move.refusal.message);
  return move.from;
}
