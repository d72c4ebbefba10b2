import { inTransaction } from '../../db/client';
import {
  annualPairBv,
  eventSubjects,
  grossBefore,
  insertBonusRows,
  isDayClosed,
  lockClosing,
  moveRepeatOrderClocks,
  npwpOnDay,
  pairingUplines,
  ranksOnDay,
  recordClosedDay,
  startPairingClocks,
  storePairingCounters,
  takeIntake,
} from '../../db/queries/bonus-closing';
import { keepPairingUndo, openClosingUndo, saveAnnualUndo } from '../../db/queries/closing-drafts';
import { annualPeriodEndingOn } from '../../domain/bonus/annual-period';
import { type ClosingEvent, isPackageEvent } from '../../domain/bonus/closing-event';
import { type BonusEarning, collectEarnings } from '../../domain/bonus/earnings';
import { annualAwards, makesPairs, pairUplines } from '../../domain/bonus/pairing';
import { passupBonuses } from '../../domain/bonus/passup';
import type { BonusPlan } from '../../domain/bonus/plan';
import { repeatOrderActivity, repeatOrderBonuses, repeatOrderSponsorBonuses } from '../../domain/bonus/repeat-order';
import { sponsorBonuses } from '../../domain/bonus/sponsor';
import { withholdingPeriodStart, withholdRows } from '../../domain/bonus/withholding';
import { type ClosingStatus, closingMoveRefusal } from '../../domain/closing-status';
import { AppError } from '../../errors';
import { type AuditActor, recordAudit } from '../operator/record-audit';
import { getSetting } from '../settings';
import { issueDueSlips, withholder } from '../tax/issue-tax-slips';
import { countAnnualPairs } from './annual-counters';
import { getPlanOn } from './get-plan';
import { queueAutoWithdrawals } from './payouts';
import { reverseRefunds } from './reverse-refunds';

export interface CloseResult {
  tanggal: string;
  alreadyClosed: boolean;
  bonusCount: number;
  totalBruto: number;
}

/**
 * The closing of one day (COMP_PLAN.md, DESIGN.md §5): from the orders paid by that day's end
 * (Asia/Jakarta) and not yet counted — late payments of closed days included — it writes the
 * SPONSOR, PASSUP, RO, RO-SPONSOR and PAIR bonus rows (and ANNUAL on an annual period's last day)
 * with their withholding, and moves every pairing counter — all in one transaction. A closed day
 * is recorded, so running it again changes nothing. This is the engine: the order of days and
 * "finished days only" are checked by close-days.ts, which the command and the scheduler use.
 * The transaction loads the facts, applies the rules of src/server/domain/bonus, and stores.
 */
/**
 * `actor`: who asked (an operator in the console, a command); the day's audit row is written in its
 * transaction. The day is recorded as a DRAFT (its bonuses not payable until KEUANGAN approves it,
 * approve-closing.ts); `history` records it approved at once — the demo generator's past only.
 */
export async function closeDay(
  tanggal: string,
  planOverride?: BonusPlan,
  actor?: AuditActor,
  options: { history?: boolean } = {},
): Promise<CloseResult> {
  const status: ClosingStatus = options.history ? 'APPROVED' : 'DRAFT';
  const refused = closingMoveRefusal(
    { tanggal, status: 'none', dibuatOleh: null, olehId: actor?.id ?? null, via: options.history ? 'history' : 'operator' },
    status,
  );
  if (refused) throw new AppError('CONFLICT', refused);
  const plan = planOverride ?? (await getPlanOn(tanggal));
  const annualPeriod = annualPeriodEndingOn(await getSetting('annual_pairing_period'), tanggal);
  const by = await withholder();
  return inTransaction(async (tx) => {
    await lockClosing(tx);
    if (await isDayClosed(tx, tanggal)) return { tanggal, alreadyClosed: true, bonusCount: 0, totalBruto: 0 };

    // A draft keeps what it changes beyond its rows, so it can be discarded and computed anew:
    // the pairing counters of each member it touches are kept just before the first change.
    const undo = status === 'DRAFT' ? tanggal : undefined;
    if (undo) await openClosingUndo(tx, undo);
    const intake = await takeIntake(tx, tanggal);
    const counted = intake.filter((e) => e.total_bv > 0);
    const subjects = await eventSubjects(
      tx,
      counted.map((e) => e.subject_id),
    );
    const events: ClosingEvent[] = counted.flatMap((e) => {
      const subject = subjects.get(e.subject_id);
      return subject
        ? [
            {
              no_order: e.no_order,
              jenis_order: e.jenis_order,
              total_bv: e.total_bv,
              posisi_order: e.posisi_order,
              posisi_pembeli: e.posisi_pembeli,
              hari_bayar: e.hari_bayar,
              subject,
            },
          ]
        : [];
    });

    const earnings: BonusEarning[] = [
      ...sponsorBonuses(events, plan),
      ...passupBonuses(events, plan),
      ...repeatOrderBonuses(events, plan),
      ...repeatOrderSponsorBonuses(events, plan),
    ];

    // New members start their pairing clock; repeat orders move it (COMP_PLAN.md).
    if (undo)
      await keepPairingUndo(
        tx,
        undo,
        counted.map((e) => e.subject_id),
      );
    await startPairingClocks(
      tx,
      counted.map((e) => e.subject_id),
      plan.pairingDaysAtJoin,
    );
    await moveRepeatOrderClocks(tx, repeatOrderActivity(events, plan), plan.pairingDaysPerRo);

    const loaded = await pairingUplines(
      tx,
      events.filter(isPackageEvent).map((e) => ({ path: e.subject.path, bv: e.total_bv })),
    );
    // The rank on the day decides the cap: loaded for the uplines that pair, not for every upline.
    const ranks = await ranksOnDay(
      tx,
      tanggal,
      loaded.filter((u) => makesPairs(tanggal, u, plan)).map((u) => u.id),
    );
    const uplines = loaded.map((u) => ({ ...u, posisi: ranks.get(u.id) ?? u.posisi }));
    if (uplines.length) {
      const pairing = pairUplines(tanggal, uplines, plan);
      if (undo)
        await keepPairingUndo(
          tx,
          undo,
          pairing.counters.map((c) => c.memberId),
        );
      await storePairingCounters(tx, pairing.counters);
      earnings.push(...pairing.earnings);
      const added = await countAnnualPairs(
        tx,
        tanggal,
        pairing.counters.map((c) => [c.memberId, c.paidPairs]),
      );
      if (added && status === 'DRAFT') await saveAnnualUndo(tx, tanggal, added.periodeMulai, added.pairs);
    }

    // The period's pair-BV is the annual counter, which already holds this day's pairs (countAnnualPairs ran above).
    if (annualPeriod) earnings.push(...annualAwards(annualPeriod, await annualPairBv(tx, annualPeriod.start), plan));

    const rows = collectEarnings(earnings);
    const earners = rows.map((r) => r.memberId);
    const npwp = await npwpOnDay(tx, earners, tanggal);
    const before =
      rows.length === 0 || plan.pphBasis === 'payment'
        ? new Map<number, number>()
        : await grossBefore(tx, earners, withholdingPeriodStart(tanggal, plan), tanggal);
    const withheld = withholdRows(rows, plan, npwp, before);
    const totalBruto = rows.reduce((s, r) => s + r.bruto, 0);
    await insertBonusRows(
      tx,
      withheld.map((r) => ({ memberId: r.memberId, tanggal, type: r.type, bruto: r.bruto, pph: r.pph, net: r.net, detail: r.detail })),
    );
    const reversed = await reverseRefunds(tx, tanggal, plan, undo);
    await issueDueSlips(tx, tanggal, by);
    const result = { tanggal, alreadyClosed: false, bonusCount: withheld.length + reversed.count, totalBruto: totalBruto + reversed.bruto };
    await recordClosedDay(tx, {
      tanggal,
      bonusCount: result.bonusCount,
      totalBruto: result.totalBruto,
      jumlahOrder: intake.length,
      totalBv: intake.reduce((s, e) => s + e.total_bv, 0),
      status,
      dibuatOleh: actor?.id ?? null,
    });
    // After the day is recorded: a draft's own bonuses are not payable, so not withdrawn.
    await queueAutoWithdrawals(tx, plan);
    if (actor)
      await recordAudit(
        tx,
        actor,
        'closing:close-day',
        `hari:${tanggal}`,
        { ditutup: false },
        { ditutup: true, status, bonus: result.bonusCount, bruto: result.totalBruto, order: intake.length },
      );
    return result;
  });
}
