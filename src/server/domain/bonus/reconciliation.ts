/**
 * The words of the reconciliation (COMP_PLAN.md "The closing"): every difference between the
 * numbers a day shows — paid against counted, counted against the closing's own record, counted
 * against the BV that earned a first-line bonus — is named with its cause, and "tanpa selisih" is
 * said only when the numbers agree.
 */

/** One part of a day's orders: how many and their BV. */
export interface OrderPart {
  order: number;
  bv: number;
}

/** The facts of one day the words are made from (reconcile-days.ts collects them). */
export interface ReconciliationFacts {
  ditutup: boolean;
  dibayar: OrderPart;
  dihitung: OrderPart;
  /** Of dihitung: paid on an earlier day, after that day was closed. */
  terlambat: OrderPart;
  /** Of dibayar: paid after this day was closed, counted by a later closing. */
  dihitungKemudian: OrderPart;
  /** Of dibayar: paid on this closed day and counted by no closing (never expected). */
  tidakDihitung: OrderPart;
  /** Of dibayar: the day is not closed yet, so nothing of it is counted. */
  menunggu: OrderPart;
  /** What the closing recorded when it ran (undefined when not closed). */
  dicatatClosing?: OrderPart;
  bvBerbonus: number;
  bvTanpaSponsor: number;
  /** Refunded BV whose bonuses this day's closing reversed. */
  bvDibalik: number;
}

const part = (p: OrderPart) => `${p.order} order (${p.bv} BV)`;

/** The BV left out (0: every paid BV was counted and earned its bonus, or had no sponsor). */
export function selisihOf(f: ReconciliationFacts): number {
  return f.dihitung.bv - f.bvBerbonus - f.bvTanpaSponsor + f.tidakDihitung.bv;
}

/** Whether the numbers the day shows differ at all (a difference may be fully explained). */
export function numbersDiffer(f: ReconciliationFacts): boolean {
  return (
    f.dibayar.order !== f.dihitung.order ||
    f.dibayar.bv !== f.dihitung.bv ||
    f.dihitung.bv !== f.bvBerbonus ||
    (f.dicatatClosing !== undefined && (f.dicatatClosing.order !== f.dihitung.order || f.dicatatClosing.bv !== f.dihitung.bv))
  );
}

/** Why the day's numbers differ, one sentence per cause (empty when they agree). */
export function explainDay(f: ReconciliationFacts): string[] {
  const alasan: string[] = [];
  if (f.terlambat.order)
    alasan.push(`${part(f.terlambat)} dibayar pada hari sebelumnya setelah hari itu ditutup (lewat batas closing), dihitung hari ini`);
  if (f.dihitungKemudian.order)
    alasan.push(`${part(f.dihitungKemudian)} dibayar setelah hari ini ditutup (lewat batas closing), dihitung closing berikutnya`);
  if (f.menunggu.order) alasan.push(`${part(f.menunggu)} menunggu closing: hari ini belum ditutup`);
  if (f.tidakDihitung.order) alasan.push(`${part(f.tidakDihitung)} dibayar tetapi tidak dihitung closing mana pun`);
  if (f.dicatatClosing && (f.dicatatClosing.order !== f.dihitung.order || f.dicatatClosing.bv !== f.dihitung.bv))
    alasan.push(
      `closing mencatat ${part(f.dicatatClosing)}, kini ${part(f.dihitung)} terhitung: order yang berubah status setelah closing (misalnya dibatalkan)`,
    );
  if (f.bvTanpaSponsor) alasan.push(`${f.bvTanpaSponsor} BV milik member tanpa sponsor: tidak ada yang menerima bonus sponsor/RO`);
  const tidakTerjelaskan = selisihOf(f) - f.tidakDihitung.bv;
  if (tidakTerjelaskan)
    alasan.push(`${tidakTerjelaskan} BV dihitung tetapi ${tidakTerjelaskan > 0 ? 'tanpa' : 'melebihi'} bonus sponsor/RO: perlu diperiksa`);
  if (f.bvDibalik) alasan.push(`${f.bvDibalik} BV di-refund (refund/chargeback setelah closing harinya), bonusnya dibalik hari ini`);
  return alasan;
}

/** The line under a list of reconciled days. */
export function reconciliationSummary(days: readonly { selisih: number; berbeda: boolean }[]): string {
  if (days.length === 0) return 'Belum ada hari yang selesai';
  const off = days.filter((d) => d.selisih !== 0).length;
  if (off) return `Rekonsiliasi: ${off} hari dengan selisih`;
  const differ = days.filter((d) => d.berbeda).length;
  if (differ)
    return `Rekonsiliasi ${days.length} hari: semua BV yang dibayar terhitung; ${differ} hari angkanya berbeda, sebabnya tertulis per hari`;
  return `Rekonsiliasi ${days.length} hari: tanpa selisih`;
}
