import { RANK_BV } from '../../../lib/rank';
import { getDb } from '../../db/client';
import { toCount } from '../../db/money';
import { type PairingRow, pairingRow } from '../../db/queries/network';
import type { SessionMember } from '../auth/session-member';

// The dashboard reads the same columns within its own members row.
export { PAIRING_COLUMNS, type PairingRow } from '../../db/queries/network';

/**
 * The pairing card (COMP_PLAN.md): BV on each side from the network's rank counters; expiry,
 * paid pairs and carried BV from the closing's member_pairing (join + 60 days before any closing).
 */
export function pairingCardOf(row: PairingRow | undefined) {
  const n = (column: string) => toCount(row?.[column]);
  const bv = (side: 'kiri' | 'kanan') =>
    n(`jumlah_bronze_${side}`) * RANK_BV.BRONZE +
    n(`jumlah_silver_${side}`) * RANK_BV.SILVER +
    n(`jumlah_platinum_${side}`) * RANK_BV.PLATINUM;
  return {
    tanggal_expired: row?.tanggal_expired ?? null,
    jumlah_bv_kiri: bv('kiri'),
    jumlah_bv_kanan: bv('kanan'),
    jumlah_pair: n('jumlah_pair'),
    jumlah_pair_bv: n('jumlah_pair'),
    sisa_bv_kiri: n('sisa_bv_kiri'),
    sisa_bv_kanan: n('sisa_bv_kanan'),
  };
}

export async function getPairingCard(member: SessionMember) {
  return pairingCardOf(await pairingRow(await getDb(), member.id));
}
