import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { RANK_BV } from '../../../lib/rank';
import type { SessionMember } from '../auth/session-member';

/**
 * The pairing card's network figures (COMP_PLAN.md): BV on each side from the rank counters,
 * pairing active until join + 60 days, moved by each paid repeat order to its date + 30 days.
 * Paid pairs come from the bonus closing; until it has run, the card shows the matched BV.
 */
export async function getPairingCard(member: SessionMember) {
  const db = await getDb();
  const [row] = await selectRows<Record<string, number> & { tanggal_expired: string }>(db, sql`
    select jumlah_bronze_kiri, jumlah_bronze_kanan, jumlah_silver_kiri, jumlah_silver_kanan, jumlah_platinum_kiri, jumlah_platinum_kanan,
      greatest(m.tgl_join + 60, coalesce((select max((o.paid_at at time zone 'Asia/Jakarta')::date) + 30 from orders o
        where o.member_id = m.id and o.jenis_order = 'ro' and o.paid_at is not null), m.tgl_join))::text as tanggal_expired
    from members m where m.id = ${member.id}`);
  const bv = (side: 'kiri' | 'kanan') => (row?.[`jumlah_bronze_${side}`] ?? 0) * RANK_BV.BRONZE
    + (row?.[`jumlah_silver_${side}`] ?? 0) * RANK_BV.SILVER + (row?.[`jumlah_platinum_${side}`] ?? 0) * RANK_BV.PLATINUM;
  const kiri = bv('kiri');
  const kanan = bv('kanan');
  return { tanggal_expired: row?.tanggal_expired ?? null, jumlah_bv_kiri: kiri, jumlah_bv_kanan: kanan, jumlah_pair_bv: Math.min(kiri, kanan) };
}
