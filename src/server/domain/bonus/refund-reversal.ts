import type { Rank } from '../../../lib/rank';
import type { BonusPlan } from './plan';
import { taxOnGross } from './pph21';

/** A refund or chargeback whose BV is decided, on an order a closing already counted, with the facts the rule needs. */
export interface OpenRefund {
  id: number;
  jenis: string;
  bv: number;
  no_order: string;
  jenis_order: 'reg' | 'upg' | 'ro';
  posisi_pembeli: Rank | null;
  /** The day whose closing counted the order: the bonus rows to reverse are that day's. */
  counted: string;
  /** The subject's place in the tree: its uplines lose the BV. */
  path: string;
  sponsor_id: number | null;
  grand_id: number | null;
}

/** What refunds take back from one bonus row (earner, counted day, type), with one detail per refund. */
export interface TakeBack {
  memberId: number;
  day: string;
  type: string;
  amount: number;
  detail: unknown[];
}

/**
 * What the day's refunds take back (COMP_PLAN.md, Refunds): a package refund takes SPONSOR and
 * PASSUP at the plan's rates and its BV leaves the uplines' volume; a repeat-order refund takes RO
 * (the buyer's rank at payment, BRONZE when none was recorded) and RO-SPONSOR. Amounts of one
 * bonus row add up; nothing for a missing earner or no BV.
 */
export function refundTakeBack(
  refunds: readonly OpenRefund[],
  plan: BonusPlan,
): { takeBack: TakeBack[]; volumeOut: { path: string; bv: number }[] } {
  const rows = new Map<string, TakeBack>();
  const volumeOut: { path: string; bv: number }[] = [];
  const take = (memberId: number | null, day: string, type: string, amount: number, detail: unknown) => {
    if (!memberId || amount <= 0) return;
    const key = `${memberId}|${day}|${type}`;
    const row = rows.get(key) ?? { memberId, day, type, amount: 0, detail: [] };
    row.amount += amount;
    row.detail.push(detail);
    rows.set(key, row);
  };
  for (const r of refunds) {
    if (r.bv <= 0) continue;
    const detail = { no_order: r.no_order, bv_refund: r.bv, jenis_refund: r.jenis };
    if (r.jenis_order === 'ro') {
      take(r.sponsor_id, r.counted, 'RO', r.bv * plan.roPerBv[r.posisi_pembeli ?? 'BRONZE'], detail);
      take(r.grand_id, r.counted, 'RO-SPONSOR', r.bv * plan.roSponsorPerBv, detail);
      continue;
    }
    take(r.sponsor_id, r.counted, 'SPONSOR', r.bv * plan.sponsorPerBv, detail);
    take(r.grand_id, r.counted, 'PASSUP', r.bv * plan.passupPerBv, detail);
    volumeOut.push({ path: r.path, bv: r.bv });
  }
  return { takeBack: [...rows.values()], volumeOut };
}

/** A bonus row a refund reverses, with what earlier reversals already took from it (negative sums). */
export interface ReversibleBonus {
  id: number;
  member_id: number;
  tanggal: string;
  jenis_bonus: string;
  bruto: number;
  pph: number;
  reversed_bruto: number;
  reversed_pph: number;
  /** The tax status in effect on the bonus's date. */
  has_npwp: boolean;
}

/** A reversal row: negative gross, the withholding given back (negative), pointing at the bonus it reverses. */
export interface ReversalRow {
  memberId: number;
  type: string;
  bruto: number;
  pph: number;
  net: number;
  detail: unknown[];
  reversesId: number;
}

/**
 * The reversal rows: never more than what is left of a bonus row; per payment the rest of the row
 * is taxed as its own payment, otherwise the withholding goes back pro rata.
 */
export function reversalRows(originals: readonly ReversibleBonus[], takeBack: readonly TakeBack[], plan: BonusPlan): ReversalRow[] {
  const byKey = new Map(takeBack.map((t) => [`${t.memberId}|${t.day}|${t.type}`, t]));
  const rows: ReversalRow[] = [];
  for (const o of originals) {
    const t = byKey.get(`${o.member_id}|${o.tanggal}|${o.jenis_bonus}`);
    if (!t) continue;
    const left = o.bruto + o.reversed_bruto;
    const amount = Math.min(t.amount, left);
    if (amount <= 0) continue;
    const withheld = o.pph + o.reversed_pph;
    const pphAfter =
      plan.pphBasis === 'payment'
        ? Math.min(withheld, taxOnGross(left - amount, o.has_npwp))
        : Math.round((withheld * (left - amount)) / left);
    const pphBack = pphAfter - withheld;
    rows.push({
      memberId: o.member_id,
      type: o.jenis_bonus,
      bruto: -amount,
      pph: pphBack,
      net: -amount - pphBack,
      detail: t.detail,
      reversesId: o.id,
    });
  }
  return rows;
}
