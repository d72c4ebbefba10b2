import { onReadDb } from '../../db/client';
import { dashboardMemberRow } from '../../db/queries/dashboard';
import type { SessionMember } from '../auth/session-member';
import { currentAnnualPairing } from '../bonus/annual-pairing';
import { getBonusTotals } from '../bonus/list-bonuses';
import { pairingCardOf } from '../network/get-pairing-card';
import { recentlySponsored } from '../network/recently-sponsored';
import { getOrderStats } from './get-order-stats';

/**
 * Everything the dashboard page shows about the member (spec/000 §3), read once per request:
 * one members row (account, standing, the downline and rank counters placement keeps, the
 * pairing state), the sponsored members, bonus totals, order counts and the current annual
 * period. The page and GET /member/dashboard both read it.
 */
export async function loadDashboard(member: SessionMember) {
  // The member's own counters and sponsored list are report reads (ADR 0019); bonuses, orders and
  // the annual period read the primary through their own services.
  const [[row, sponsored], bonus, orderStats, annual] = await Promise.all([
    onReadDb(member.id, (db) => Promise.all([dashboardMemberRow(db, member.id), recentlySponsored(db, member.id)])),
    getBonusTotals(member),
    getOrderStats(member),
    currentAnnualPairing(member),
  ]);
  return {
    standing: { posisi: row?.posisi ?? member.posisi, is_suspended: row?.is_suspended ?? false },
    tgl_join: row?.tgl_join ?? null,
    kode_referal: row?.kode_referal ?? member.kodeReferal,
    downline: { total_downline_kiri: row?.kiri ?? 0, total_downline_kanan: row?.kanan ?? 0 },
    sponsored,
    pairing: pairingCardOf(row),
    bonus,
    orderStats,
    annual,
  };
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;

/** GET /member/dashboard: the dashboard data in the shape of spec/000 §3. */
export async function getDashboard(member: SessionMember) {
  const d = await loadDashboard(member);
  return {
    suspend: { is_suspended: d.standing.is_suspended },
    members: {
      downline: d.downline,
      pairing: d.pairing,
      bonus: d.bonus,
      orders: d.orderStats.orders,
      annual_rank: {
        jumlah_bv_kiri: d.annual?.jumlah_bv_kiri_each_year ?? 0,
        jumlah_bv_kanan: d.annual?.jumlah_bv_kanan_each_year ?? 0,
        jumlah_pair_bv: d.annual?.jumlah_pair_bv_each_year ?? 0,
      },
      sponsored: d.sponsored,
      id_member: member.idMember,
      nama: member.nama,
      posisi: d.standing.posisi,
      tgl_join: d.tgl_join,
      kode_referal: d.kode_referal,
    },
    // The downline chart (spec/000 §3 "Dashboard data"): left and right counts and their sum.
    childKiri: d.downline.total_downline_kiri,
    childKanan: d.downline.total_downline_kanan,
    downline: d.downline.total_downline_kiri + d.downline.total_downline_kanan,
  };
}
