import { sql } from 'drizzle-orm';
import { completePayoutBatch } from '../../services/bonus/complete-payout-batch';
import { exportPayoutBatch } from '../../services/bonus/export-payout-batch';
import { getPlan } from '../../services/bonus/get-plan';
import { queuePayout, SYSTEM_ACTOR, settlePayout } from '../../services/bonus/payouts';
import { type Db, inTransaction, selectRows } from '../client';

/**
 * Payouts in every status for the demo: members with a verified bank and enough unpaid bonuses
 * withdraw through the real service, and operator actions move them on (demoplatinum first);
 * the completed ones are paid as the finance operator does, in one bank batch marked completed.
 */
export async function seedPayouts(db: Db): Promise<void> {
  const earners = await selectRows<{ id: number }>(
    db,
    sql`
    select m.id::int as id from members m join bonuses b on b.member_id = m.id
    where m.status_rekening = 'VERIFIED' and b.payout_id is null and b.status_transfer = 'PENDING'
    group by m.id having sum(b.bonus_dibayar) >= 200000 order by m.id limit 6`,
  );
  const plan = await getPlan();
  const outcomes = ['complete', 'process', 'reject', 'fail', 'complete', null] as const;
  const paid: string[] = [];
  for (const [i, earner] of earners.entries()) {
    // Half of the unpaid bonuses, oldest first, so some stay unpaid for the withdraw dialog.
    const ids = (
      await selectRows<{ public_id: string }>(
        db,
        sql`
      select public_id::text as public_id from bonuses where member_id = ${earner.id} and payout_id is null and status_transfer = 'PENDING'
      order by tanggal, id`,
      )
    ).map((r) => r.public_id);
    const half = ids.slice(0, Math.max(1, Math.ceil(ids.length / 2)));
    const publicId = await inTransaction((tx) => queuePayout(tx, earner.id, half, plan)).catch(() => undefined);
    const outcome = outcomes[i];
    if (!publicId || !outcome) continue;
    const [payout] = await selectRows<{ no: string }>(db, sql`select no from payouts where public_id = ${publicId}::uuid`);
    if (outcome === 'complete') paid.push(payout!.no);
    else
      await settlePayout(
        payout!.no,
        outcome,
        outcome === 'reject' ? 'Nama rekening tidak sesuai' : outcome === 'fail' ? 'Rekening tidak aktif' : undefined,
      );
  }
  if (paid.length > 0) await completePayoutBatch((await exportPayoutBatch(paid, SYSTEM_ACTOR)).no, SYSTEM_ACTOR);
}
