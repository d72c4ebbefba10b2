import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import type { BonusQuery } from '../../../lib/schemas/bonus';
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
}

/** spec/000 §3: each bonus type's detail array under its own name; the other four are empty. */
const DETAIL_ARRAYS = {
  SPONSOR: 'bonus_sponsors', RO: 'bonus_ros', 'RO-SPONSOR': 'bonus_ro_sponsorings', PAIR: 'bonus_pairs', PASSUP: 'bonus_pass_ups',
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
  const where = sql`b.member_id = ${member.id} and b.tanggal between ${q.from}::date and ${q.to}::date
    ${q.status.length ? sql`and b.status_transfer in (${sql.join(q.status.map((s) => sql`${s}`), sql`, `)})` : sql``}`;
  const [rows, [summary]] = await Promise.all([
    selectRows<Omit<BonusRow, 'bonus_bruto' | 'pot_pph' | 'bonus_dibayar'> & { bonus_bruto: string; pot_pph: string; bonus_dibayar: string }>(db, sql`
      select b.public_id::text as public_id, b.tanggal::text as tanggal, b.jenis_bonus, b.status_transfer, b.tgl_transfer::text as tgl_transfer,
        b.bonus_bruto::text as bonus_bruto, b.pot_pph::text as pot_pph, b.bonus_dibayar::text as bonus_dibayar, b.detail, p.status as payout_status
      from bonuses b left join payouts p on p.id = b.payout_id where ${where}
      order by b.tanggal desc, b.id desc limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
    selectRows<{ n: number; dibayar: string; pending: string }>(db, sql`
      select count(*)::int as n,
        coalesce(sum(b.bonus_dibayar) filter (where b.status_transfer = 'PROCESSED'), 0)::text as dibayar,
        coalesce(sum(b.bonus_dibayar) filter (where b.status_transfer = 'PENDING'), 0)::text as pending
      from bonuses b where ${where}`),
  ]);
  return {
    rows: rows.map((r) => bonusShape({ ...r, bonus_bruto: Number(r.bonus_bruto), pot_pph: Number(r.pot_pph), bonus_dibayar: Number(r.bonus_dibayar) })),
    total_count: summary?.n ?? 0,
    page: q.page,
    page_size: q.page_size,
    bonus_summary: { dibayar: { total: Number(summary?.dibayar ?? 0) }, pending: { total: Number(summary?.pending ?? 0) } },
  };
}

/** Dashboard bonus cards: all-time total, paid and pending (net of withholding). */
export async function getBonusTotals(member: SessionMember) {
  const [row] = await selectRows<{ total: string; dibayar: string; pending: string }>(await getDb(), sql`
    select coalesce(sum(bonus_dibayar), 0)::text as total,
      coalesce(sum(bonus_dibayar) filter (where status_transfer = 'PROCESSED'), 0)::text as dibayar,
      coalesce(sum(bonus_dibayar) filter (where status_transfer = 'PENDING'), 0)::text as pending
    from bonuses where member_id = ${member.id}`);
  return { total_bonus: Number(row?.total ?? 0), total_dibayar: Number(row?.dibayar ?? 0), total_pending: Number(row?.pending ?? 0) };
}
