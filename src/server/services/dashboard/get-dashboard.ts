import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import type { SessionMember } from '../auth/session-member';
import { getDownlineCard } from '../network/get-downline-card';
import { getPairingCard } from '../network/get-pairing-card';
import { getBonusTotals } from '../bonus/list-bonuses';
import { getOrderStats } from './get-order-stats';
import { annualPairingReport } from '../bonus/annual-pairing';

/**
 * The dashboard data of spec/000 §3 that needs no bonus or order data yet: suspension and the
 * account card. The bonus, pairing, downline and order parts join it with their areas.
 */
export async function getDashboard(member: SessionMember) {
  const db = await getDb();
  const [row] = await selectRows<{ is_suspended: boolean; kode_referal: string; tgl_join: string; posisi: string }>(db, sql`
    select is_suspended, kode_referal, tgl_join::text as tgl_join, posisi from members where id = ${member.id}`);
  const [downline, pairing, bonus, orderStats, annual] = await Promise.all([getDownlineCard(member), getPairingCard(member), getBonusTotals(member), getOrderStats(member), annualPairingReport(member)]);
  const year = annual.rows.at(-1);
  return {
    suspend: { is_suspended: row?.is_suspended ?? false },
    members: {
      downline: downline.downline,
      pairing,
      bonus,
      orders: orderStats.orders,
      annual_rank: { jumlah_bv_kiri: year?.jumlah_bv_kiri_each_year ?? 0, jumlah_bv_kanan: year?.jumlah_bv_kanan_each_year ?? 0, jumlah_pair_bv: year?.jumlah_pair_bv_each_year ?? 0 },
      sponsored: downline.sponsored,
      id_member: member.idMember,
      nama: member.nama,
      posisi: row?.posisi ?? member.posisi,
      tgl_join: row?.tgl_join ?? null,
      kode_referal: row?.kode_referal ?? member.kodeReferal,
    },
  };
}
