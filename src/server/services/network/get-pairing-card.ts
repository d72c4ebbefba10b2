import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { RANK_BV } from '../../../lib/rank';
import type { SessionMember } from '../auth/session-member';

/** The pairing card's columns, read from `members m left join member_pairing p on p.member_id = m.id`. */
export const PAIRING_COLUMNS = sql`m.jumlah_bronze_kiri, m.jumlah_bronze_kanan, m.jumlah_silver_kiri, m.jumlah_silver_kanan,
  m.jumlah_platinum_kiri, m.jumlah_platinum_kanan,
  coalesce(p.tanggal_expired, m.tgl_join + 60)::text as tanggal_expired, coalesce(p.jumlah_pair, 0) as jumlah_pair,
  coalesce(p.sisa_bv_kiri, 0) as sisa_bv_kiri, coalesce(p.sisa_bv_kanan, 0) as sisa_bv_kanan`;

export type PairingRow = Record<string, unknown> & { tanggal_expired: string };

/**
 * The pairing card (COMP_PLAN.md): BV on each side from the network's rank counters; expiry,
 * paid pairs and carried BV from the closing's member_pairing (join + 60 days before any closing).
 */
export function pairingCardOf(row: PairingRow | undefined) {
  const n = (column: string) => Number(row?.[column] ?? 0);
  const bv = (side: 'kiri' | 'kanan') => n(`jumlah_bronze_${side}`) * RANK_BV.BRONZE
    + n(`jumlah_silver_${side}`) * RANK_BV.SILVER + n(`jumlah_platinum_${side}`) * RANK_BV.PLATINUM;
  return {
    tanggal_expired: row?.tanggal_expired ?? null, jumlah_bv_kiri: bv('kiri'), jumlah_bv_kanan: bv('kanan'),
    jumlah_pair: n('jumlah_pair'), jumlah_pair_bv: n('jumlah_pair'),
    sisa_bv_kiri: n('sisa_bv_kiri'), sisa_bv_kanan: n('sisa_bv_kanan'),
  };
}

export async function getPairingCard(member: SessionMember) {
  const db = await getDb();
  const [row] = await selectRows<PairingRow>(db, sql`
    select ${PAIRING_COLUMNS} from members m left join member_pairing p on p.member_id = m.id where m.id = ${member.id}`);
  return pairingCardOf(row);
}
