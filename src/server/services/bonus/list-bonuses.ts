import type { BonusQuery } from '../../../lib/schemas/bonus';
import { getDb } from '../../db/client';
import { memberBonusesPage, memberBonusSummary, memberBonusTotals } from '../../db/queries/bonus-reports';
import type { SessionMember } from '../auth/session-member';

export interface BonusRow {
  public_id: string;
  tanggal: string;
  jenis_bonus: string;
  status_transfer: string;
  tgl_transfer: string | null;
  bonus_bruto: number;
  pot_pph: number;
  bonus_dibayar: number;
  detail: unknown[];
  payout_status: string | null;
  /** The reason KEUANGAN holds this unpaid bonus (shown as "Ditahan"); null when not held. */
  ditahan: string | null;
}

/** spec/000 §3: each bonus type's detail array under its own name; the other four are empty. */
const DETAIL_ARRAYS = {
  SPONSOR: 'bonus_sponsors',
  RO: 'bonus_ros',
  'RO-SPONSOR': 'bonus_ro_sponsorings',
  PAIR: 'bonus_pairs',
  PASSUP: 'bonus_pass_ups',
} as const satisfies Record<string, string>;

/** A bonus row in the spec's shape: payout {status} (null outside a payout) and the per-type detail arrays. */
function bonusShape(r: BonusRow) {
  const { payout_status, ...rest } = r;
  const arrays = Object.fromEntries(Object.entries(DETAIL_ARRAYS).map(([jenis, name]) => [name, jenis === r.jenis_bonus ? r.detail : []]));
  return { ...rest, payout: payout_status ? { status: payout_status } : null, ...arrays };
}

/** GET /member/bonus: the member's own bonuses in a date range, newest first, with the summary. */
export async function listBonuses(member: SessionMember, q: BonusQuery) {
  const db = await getDb();
  const [rows, summary] = await Promise.all([
    memberBonusesPage(db, member.id, q, { limit: q.page_size, offset: (q.page - 1) * q.page_size }),
    memberBonusSummary(db, member.id, q),
  ]);
  return {
    rows: rows.map((r) =>
      bonusShape({
        public_id: r.publicId,
        tanggal: r.tanggal,
        jenis_bonus: r.jenisBonus,
        status_transfer: r.statusTransfer,
        tgl_transfer: r.tglTransfer,
        bonus_bruto: r.bonusBruto,
        pot_pph: r.potPph,
        bonus_dibayar: r.bonusDibayar,
        detail: r.detail,
        payout_status: r.payoutStatus,
        ditahan: r.ditahan,
      }),
    ),
    total_count: summary.n,
    page: q.page,
    page_size: q.page_size,
    bonus_summary: { dibayar: { total: summary.dibayar }, pending: { total: summary.pending } },
  };
}

/** Dashboard bonus cards: all-time total, paid and pending (net of withholding). */
export async function getBonusTotals(member: SessionMember) {
  const totals = await memberBonusTotals(await getDb(), member.id);
  return { total_bonus: totals.total, total_dibayar: totals.dibayar, total_pending: totals.pending };
}
