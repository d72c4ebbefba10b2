import { addDays, daysBetween } from '../../../lib/calendar';
import { getDb } from '../../db/client';
import { bonusBvByDay, closedDayDates, paidOrdersForReconciliation, refundedBvByDay } from '../../db/queries/bonus-closing-calendar';
import type { BonusPlan } from '../../domain/bonus/plan';
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
  const closedSet = await closedDayDates(db, from, to);
  const refundedBv = await refundedBvByDay(db, from, to);

  const days: ReconciliationDay[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const ditutup = closedSet.has(d);
    const r: ReconciliationDay = {
      tanggal: d,
      ditutup,
      order_dibayar: 0,
      bv_dibayar: 0,
      order_dihitung: 0,
      bv_dihitung: 0,
      bv_terlambat: 0,
      bv_dihitung_kemudian: 0,
      bv_tidak_dihitung: 0,
      bv_berbonus: bonusBv.get(d) ?? 0,
      bv_tanpa_sponsor: 0,
      bv_dibalik: refundedBv.get(d) ?? 0,
      selisih: 0,
      alasan: [],
    };
    for (const p of paid) {
      if (p.hari === d) {
        r.order_dibayar += p.n;
        r.bv_dibayar += p.bv;
        if (p.tanggal_bonus !== null && p.tanggal_bonus > d) r.bv_dihitung_kemudian += p.bv;
        if (p.tanggal_bonus === null && ditutup) r.bv_tidak_dihitung += p.bv;
      }
      if (p.tanggal_bonus === d) {
        r.order_dihitung += p.n;
        r.bv_dihitung += p.bv;
        if (p.hari < d) r.bv_terlambat += p.bv;
        if (p.tanpa_sponsor) r.bv_tanpa_sponsor += p.bv;
      }
    }
    r.selisih = r.bv_dihitung - r.bv_berbonus - r.bv_tanpa_sponsor + r.bv_tidak_dihitung;
    if (r.bv_terlambat) r.alasan.push(`${r.bv_terlambat} BV dibayar pada hari yang sudah ditutup, dihitung hari ini`);
    if (r.bv_dihitung_kemudian) r.alasan.push(`${r.bv_dihitung_kemudian} BV dibayar setelah hari ini ditutup, dihitung kemudian`);
    if (r.bv_tanpa_sponsor) r.alasan.push(`${r.bv_tanpa_sponsor} BV milik member tanpa sponsor`);
    if (r.bv_dibalik) r.alasan.push(`${r.bv_dibalik} BV dikembalikan (refund/chargeback), bonusnya dibalik hari ini`);
    if (r.bv_tidak_dihitung) r.alasan.push(`${r.bv_tidak_dihitung} BV dibayar tetapi tidak dihitung closing mana pun`);
    if (!ditutup && r.bv_dibayar) r.alasan.push('Hari ini belum ditutup');
    days.push(r);
  }
  return days;
}
