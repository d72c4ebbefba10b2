import type { Tx } from '../../db/client';
import { insertBonusRows } from '../../db/queries/bonus-closing';
import { removeVolume, reversibleBonuses, takeOpenRefunds } from '../../db/queries/bonus-closing-refunds';
import { keepPairingUndoAt } from '../../db/queries/closing-drafts';
import type { BonusPlan } from '../../domain/bonus/plan';
import { refundTakeBack, reversalRows } from '../../domain/bonus/refund-reversal';
import { ancestorPaths } from '../../domain/network-path';

/**
 * The reversals of the day (COMP_PLAN.md, Refunds): every refund or chargeback whose BV was
 * decided by the day's end (recorded, or a provider's partial refund assigned by KEUANGAN; one
 * still waiting takes nothing yet) on an order some closing already counted takes back what the
 * order caused — one negative row per bonus it reverses (same jenis_bonus, `reverses_id` pointing at it, never more
 * than what is left of it), withholding given back with it, and the order's BV removed from
 * every upline's volume: from carried BV where it is still carried, the rest owed back by the
 * next new volume on that side (hutang_bv_*). Inside the closing's transaction; `undo`: the draft
 * day whose undo keeps the uplines' counters before they change.
 */
export async function reverseRefunds(tx: Tx, tanggal: string, plan: BonusPlan, undo?: string): Promise<{ count: number; bruto: number }> {
  const refunds = await takeOpenRefunds(tx, tanggal);
  if (refunds.length === 0) return { count: 0, bruto: 0 };
  const { takeBack, volumeOut } = refundTakeBack(refunds, plan);
  if (undo)
    await keepPairingUndoAt(
      tx,
      undo,
      volumeOut.flatMap((v) => ancestorPaths(v.path)),
    );
  for (const { path, bv } of volumeOut) await removeVolume(tx, path, bv);
  if (takeBack.length === 0) return { count: 0, bruto: 0 };
  const rows = reversalRows(await reversibleBonuses(tx, takeBack), takeBack, plan);
  await insertBonusRows(
    tx,
    rows.map((r) => ({ ...r, tanggal })),
  );
  return { count: rows.length, bruto: rows.reduce((s, r) => s + r.bruto, 0) };
}
