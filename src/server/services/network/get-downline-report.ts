import { getDb } from '../../db/client';
import {
  downlineCount, downlineCounters, downlineCounterTotal, downlinePage, memberPosition, sponsoredPerRank, type DownlineFilter,
} from '../../db/queries/network';
import { RANKS, RANK_BV, type Rank } from '../../../lib/rank';
import type { SessionMember } from '../auth/session-member';

export interface DownlineQuery {
  posisi?: Rank;
  cariNama?: string;
  page: number;
  pageSize: number;
}

export interface DownlineRow {
  tgl_join: string;
  id_member: string;
  nama: string;
  sponsor_id_member: string | null;
  sponsor_nama: string | null;
  sponsored: boolean;
  upgrade_member: boolean;
  bv: number;
  posisi: Rank;
}

/** The report's filters: the rank, and the name as a LIKE fragment (lower-cased, escaped, at most 60). */
function filterOf(query: Pick<DownlineQuery, 'posisi' | 'cariNama'>): DownlineFilter {
  const name = query.cariNama?.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`).slice(0, 60);
  return { posisi: query.posisi, name: name || undefined };
}

/** The downline report table (spec/000 §2): own downline only, newest first, 20 per page. */
export async function getDownlineReport(viewer: SessionMember, query: DownlineQuery) {
  const db = await getDb();
  const { path } = (await memberPosition(db, viewer.id))!;
  const filter = filterOf(query);
  const [rows, total] = await Promise.all([
    downlinePage(db, viewer.id, path, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    // Unfiltered and rank-filtered totals come from the counters; only a name search counts rows.
    query.cariNama?.trim() ? downlineCount(db, path, filter) : downlineCounterTotal(db, viewer.id, query.posisi),
  ]);
  return { rows: rows.map((r) => ({ ...r, bv: RANK_BV[r.posisi] })), total_count: total, page: query.page, page_size: query.pageSize };
}

/** Every row of the filtered report for the CSV export (capped, newest first). */
export async function exportDownline(viewer: SessionMember, query: Pick<DownlineQuery, 'posisi' | 'cariNama'>, limit = 100_000): Promise<DownlineRow[]> {
  const report = await getDownlineReport(viewer, { ...query, page: 1, pageSize: limit });
  return report.rows;
}

/**
 * The totals panel: counts per side and rank come from the counters kept with each placement,
 * so the root of a million members costs one row; sponsored counts read the sponsor index.
 */
export async function getDownlineSummary(viewer: SessionMember) {
  const db = await getDb();
  const [c, sponsoredRows] = await Promise.all([downlineCounters(db, viewer.id), sponsoredPerRank(db, viewer.id)]);
  const kiri = c?.kiri ?? 0;
  const kanan = c?.kanan ?? 0;
  const total = kiri + kanan;
  const perSide = (rank: Rank, side: 'kiri' | 'kanan') => c?.[`jumlah_${rank.toLowerCase() as Lowercase<Rank>}_${side}`] ?? 0;
  const sponsoredOf = (rank: Rank) => sponsoredRows.find((r) => r.posisi === rank)?.n ?? 0;
  const bvSponsored = RANKS.reduce((s, rank) => s + sponsoredOf(rank) * RANK_BV[rank], 0);
  const bvTotal = RANKS.reduce((s, rank) => s + (perSide(rank, 'kiri') + perSide(rank, 'kanan')) * RANK_BV[rank], 0);
  return {
    Total: total,
    kiri, kanan,
    persen_kiri: total ? Math.round((kiri / total) * 1000) / 10 : 0,
    persen_kanan: total ? Math.round((kanan / total) * 1000) / 10 : 0,
    per_posisi: RANKS.map((rank) => ({ posisi: rank, kiri: perSide(rank, 'kiri'), kanan: perSide(rank, 'kanan') })),
    Sponsor: RANKS.map((rank) => ({ posisi: rank, jumlah: sponsoredOf(rank) })),
    bv_sponsor: bvSponsored,
    bv_non_sponsor: bvTotal - bvSponsored,
    bv_total: bvTotal,
  };
}
