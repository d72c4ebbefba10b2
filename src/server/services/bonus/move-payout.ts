import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client';
import { AppError } from '../../errors';
import { PAYOUT_ACTION_TARGETS, PAYOUT_EFFECTS, payoutMoveRefusal, type PayoutRefusal, type PayoutStatus } from '../../domain/payout-status';
import { recordAudit } from '../operator/record-audit';
import { assertRole, type Actor } from '../operator/assert-role';

const ACTION_OF = Object.fromEntries(Object.entries(PAYOUT_ACTION_TARGETS).map(([action, to]) => [to, action])) as Partial<Record<PayoutStatus, string>>;

export type PayoutMove = { ok: true; from: PayoutStatus } | { ok: false; refusal: PayoutRefusal };

/**
 * The one door that changes an existing payout's status (console, `npm run ops -- payout:*`, a
 * bank batch's export and completion), inside the caller's transaction: the payout is locked, the
 * transition table (domain/payout-status.ts) decides, then the move's effects and its audit row
 * are written. A refusal is returned before anything was written, so a batch can list it and go on.
 */
export async function tryMovePayout(tx: Tx, no: string, to: PayoutStatus, by: Actor, catatan?: string): Promise<PayoutMove> {
  assertRole(by, ['KEUANGAN']);
  const [payout] = await selectRows<{ id: number; status: PayoutStatus; batch_no: string | null; is_suspended: boolean }>(tx, sql`
    select p.id::int as id, p.status, b.no as batch_no, m.is_suspended
    from payouts p join members m on m.id = p.member_id left join payout_batches b on b.id = p.batch_id
    where p.no = ${no} for update of p for share of m`);
  if (!payout) throw new AppError('NOT_FOUND', `Payout ${no} tidak ditemukan`);
  const reason = catatan?.trim().slice(0, 500) || undefined;
  const refusal = payoutMoveRefusal({ no, status: payout.status, batchNo: payout.batch_no, memberSuspended: payout.is_suspended, reason }, to);
  if (refusal) return { ok: false, refusal };
  const effect = PAYOUT_EFFECTS[to];
  await tx.execute(sql`update payouts set status = ${to}
    ${effect.stamp === 'processed_at' ? sql`, processed_at = now()` : sql``}
    ${effect.stamp === 'completed_at' ? sql`, completed_at = now(), processed_at = coalesce(processed_at, now())` : sql``}
    ${effect.note ? sql`, catatan = ${reason ?? null}` : sql``}
    where id = ${payout.id}`);
  if (effect.bonuses === 'pay') await tx.execute(sql`update bonuses set status_transfer = 'PROCESSED', tgl_transfer = now() where payout_id = ${payout.id}`);
  if (effect.bonuses === 'release') await tx.execute(sql`update bonuses set payout_id = null where payout_id = ${payout.id}`);
  await recordAudit(tx, by, `payout:${ACTION_OF[to] ?? to}`, `payout:${no}`, { status: payout.status }, { status: to, ...(effect.note && reason ? { catatan: reason } : {}) });
  return { ok: true, from: payout.status };
}

/** tryMovePayout that throws the refusal (409, or 400 for a missing reason). */
export async function movePayout(tx: Tx, no: string, to: PayoutStatus, by: Actor, catatan?: string): Promise<PayoutStatus> {
  const move = await tryMovePayout(tx, no, to, by, catatan);
  if (!move.ok) throw new AppError(move.refusal.code, move.refusal.message);
  return move.from;
}
