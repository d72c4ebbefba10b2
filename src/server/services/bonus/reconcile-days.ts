import { addDays, daysBetween } from '../../../lib/calendar';
import { getDb } from '../../db/client';
import { bonusBvByDay, closedDaysBetween, paidOrdersForReconciliation, refundedBvByDay } from '../../db/queries/bonus-closing-calendar';
import type { BonusPlan } from '../../domain/bonus/plan';
import { explainDay, numbersDiffer, type OrderPart, type ReconciliationFacts, selisihOf } from '../../domain/bonus/reconciliation';
import type { ClosingStatus } from '../../domain/closing-status';
import { AppError } from '../../errors';
import { getPlan } from './get-plan';

/**
 * One day of the reconciliation (COMP_PLAN.md): the paid orders and BV the closing took in
 * against the BV that earned a first-line bonus (SPONSOR for registrations and upgrades, RO for
 * repeat orders). `selisih` is zero when no paid BV was left out; `alasan` lists every part.
 */
export interface ReconciliationDay {
  tanggal: string;
  ditutup: boolean;
  /** A closed day's closing: DRAFT (not payable yet) or APPROVED. */
  status?: ClosingStatus;
  /** Paid that day by the payment's real time (Asia/Jakarta). */
  order_dibayar: number;
  bv_dibayar: number;
  /** Counted by that day's closing (its own and late payments of closed days). */
  order_dihitung: number;
  bv_dihitung: number;
  /** Of bv_dihitung: paid on an earlier, already closed day. */
  bv_terlambat: number;
  /** Of bv_dibayar: counted on a later day because the payment came after this day was closed. */
  bv_dihitung_kemudian: number;
  /** Paid that day and counted nowhere although the day is closed (should never be). */
  bv_tidak_dihitung: number;
  /** BV in the day's SPONSOR and RO bonus rows. */
  bv_berbonus: number;
  /** BV of members with no sponsor (the top of the network): nobody earns on it. */
  bv_tanpa_sponsor: number;
  /** BV of refunds and chargebacks whose bonuses the day's closing reversed (shown, not in selisih). */
  bv_dibalik: number;
  selisih: number;
  /** The numbers shown differ (paid, counted, recorded, earning): `alasan` says why, even when selisih is 0. */
  berbeda: boolean;
  alasan: string[];
}

const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** The reconciliation of every day from `from` to `to` (at most 400 days at once). */
export async function reconcileDays(from: string, to: string, planOverride?: BonusPlan): Promise<ReconciliationDay[]> {
  if (!isDate(from) || !isDate(to)) throw new AppError('BAD_INPUT', 'Tanggal harus berformat YYYY-MM-DD');
  if (from > to) throw new AppError('BAD_INPUT', 'Tanggal awal harus sebelum atau sama dengan tanggal akhir');
  if (daysBetween(from, to) > 400) throw new AppError('BAD_INPUT', 'Rentang rekonsiliasi paling lama 400 hari');
  const plan = planOverride ?? (await getPlan());
  const db = await getDb();
  const paid = await paidOrdersForReconciliation(db, from, to);
  const bonusBv = await bonusBvByDay(db, from, to, plan.roPerBv);
  const closed = new Map((await closedDaysBetween(db, from, to)).map((c) => [c.tanggal, c]));
  const refundedBv = await refundedBvByDay(db, from, to);

  const days: ReconciliationDay[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const recorded = closed.get(d);
    const ditutup = recorded !== undefined;
    const zero = (): OrderPart => ({ order: 0, bv: 0 });
    const f: ReconciliationFacts = {
      ditutup,
      dibayar: zero(),
      dihitung: zero(),
      terlambat: zero(),
      dihitungKemudian: zero(),
      tidakDihitung: zero(),
      menunggu: zero(),
      dicatatClosing: recorded && { order: recorded.jumlah_order, bv: recorded.total_bv },
      bvBerbonus: bonusBv.get(d) ?? 0,
      bvTanpaSponsor: 0,
      bvDibalik: refundedBv.get(d) ?? 0,
    };
    const add = (to: OrderPart, p: { n: number; bv: number }) => {
      to.order += p.n;
      to.bv += p.bv;
    };
    for (const p of paid) {
      if (p.hari === d) {
        add(f.dibayar, p);
        if (p.tanggal_bonus !== null && p.tanggal_bonus > d) add(f.dihitungKemudian, p);
        if (p.tanggal_bonus === null) add(ditutup ? f.tidakDihitung : f.menunggu, p);
      }
      if (p.tanggal_bonus === d) {
        add(f.dihitung, p);
        if (p.hari < d) add(f.terlambat, p);
        if (p.tanpa_sponsor) f.bvTanpaSponsor += p.bv;
      }
    }
    days.push({
      tanggal: d,
      ditutup,
      status: recorded?.status,
      order_dibayar: f.dibayar.order,
      bv_dibayar: f.dibayar.bv,
      order_dihitung: f.dihitung.order,
      bv_dihitung: f.dihitung.bv,
      bv_terlambat: f.terlambat.bv,
      bv_dihitung_kemudian: f.dihitungKemudian.bv,
      bv_tidak_dihitung: f.tidakDihitung.bv,
      bv_berbonus: f.bvBerbonus,
      bv_tanpa_sponsor: f.bvTanpaSponsor,
      bv_dibalik: f.bvDibalik,
      selisih: selisihOf(f),
      berbeda: numbersDiffer(f),
      alasan: explainDay(f),
    });
  }
  return days;
}
