import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { RANK_BV } from '../../../lib/rank';
import type { SessionMember } from '../auth/session-member';

/**
 * The pairing card (COMP_PLAN.md): BV on each side from the network's rank counters; expiry,
 * paid pairs and carried BV from the closing's member_pairing (join + 60 days before any closing).
 */
export async function getPairingCard(member: SessionMember) {
  const db = await getDb();
  const [row] = await selectRows<Record<string, number> & { tanggal_expired: string }>(db, sql`
    select jumlah_bronze_kiri, jumlah_bronze_kanan, jumlah_silver_kiri, jumlah_silver_kanan, jumlah_platinum_kiri, jumlah_platinum_kanan,
      coalesce(p.tanggal_expired, m.tgl_join + 60)::text as tanggal_expired, coalesce(p.jumlah_pair, 0) as jumlah_pair,
      coalesce(p.sisa_bv_kiri, 0) as sisa_bv_kiri, coalesce(p.sisa_bv_kanan, 0) as sisa_bv_kanan
    from members m left join member_pairing p on p.member_id = m.id where m.id = ${member.id}`);
  const bv = (side: 'kiri' | 'kanan') => (row?.[`jumlah_bronze_${side}`] ?? 0) * RANK_BV.BRONZE
    + (row?.[`jumlah_silver_${side}`] ?? 0) * RANK_BV.SILVER + (row?.[`jumlah_platinum_${side}`] ?? 0) * RANK_BV.PLATINUM;
  const kiri = bv('kiri');
  const kanan = bv('kanan');
  return {
    tanggal_expired: row?.tanggal_expired ?? null, jumlah_bv_kiri: kiri, jumlah_bv_kanan: kanan,
    jumlah_pair: row?.jumlah_pair ?? 0, jumlah_pair_bv: row?.jumlah_pair ?? 0,
    sisa_bv_kiri: row?.sisa_bv_kiri ?? 0, sisa_bv_kanan: row?.sisa_bv_kanan ?? 0,
  };
}
