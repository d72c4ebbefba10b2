import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
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

async function viewerPath(viewer: SessionMember): Promise<string> {
  const [me] = await selectRows<{ path: string }>(await getDb(), sql`select path from members where id = ${viewer.id}`);
  return me!.path;
}

function filters(path: string, query: Pick<DownlineQuery, 'posisi' | 'cariNama'>) {
  const name = query.cariNama?.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`).slice(0, 60);
  return sql`m.path > ${path} and m.path < ${`${path}2`}
    ${query.posisi ? sql`and m.posisi = ${query.posisi}` : sql``}
    ${name ? sql`and lower(m.nama) like ${`%${name}%`}` : sql``}`;
}

/** The downline report table (spec/000 §2): own downline only, newest first, 20 per page. */
export async function getDownlineReport(viewer: SessionMember, query: DownlineQuery) {
  const path = await viewerPath(viewer);
  const db = await getDb();
  const where = filters(path, query);
  const [rows, [total]] = await Promise.all([
    // The page is cut first (index order, no join), then only its rows look up their sponsor.
    selectRows<Omit<DownlineRow, 'bv'>>(db, sql`
      select m.tgl_join::text as tgl_join, m.id_member, m.nama, s.id_member as sponsor_id_member, s.nama as sponsor_nama,
        (m.sponsor_id = ${viewer.id}) as sponsored, m.posisi,
        (m.tgl_upgrade is not null) as upgrade_member
      from (select m.* from members m where ${where}
            order by m.tgl_join desc, m.id desc
            limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}) m
        left join members s on s.id = m.sponsor_id
      order by m.tgl_join desc, m.id desc`),
    // Unfiltered and rank-filtered totals come from the counters; only a name search counts rows.
    query.cariNama?.trim()
      ? selectRows<{ n: number }>(db, sql`select count(*)::int as n from members m where ${where}`)
      : selectRows<{ n: number }>(db, sql`select (${query.posisi
        ? sql.raw(`jumlah_${query.posisi.toLowerCase()}_kiri + jumlah_${query.posisi.toLowerCase()}_kanan`)
        : sql.raw('jumlah_child_kiri + jumlah_child_kanan')})::int as n from members where id = ${viewer.id}`),
  ]);
  return { rows: rows.map((r) => ({ ...r, bv: RANK_BV[r.posisi] })), total_count: total?.n ?? 0, page: query.page, page_size: query.pageSize };
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
  const [[c], sponsoredRows] = await Promise.all([
    selectRows<Record<string, number>>(db, sql`
      select jumlah_child_kiri as kiri, jumlah_child_kanan as kanan,
        jumlah_bronze_kiri, jumlah_bronze_kanan, jumlah_silver_kiri, jumlah_silver_kanan, jumlah_platinum_kiri, jumlah_platinum_kanan
      from members where id = ${viewer.id}`),
    selectRows<{ posisi: Rank; n: number }>(db, sql`select posisi, count(*)::int as n from members where sponsor_id = ${viewer.id} group by posisi`),
  ]);
  const kiri = c?.kiri ?? 0;
  const kanan = c?.kanan ?? 0;
  const total = kiri + kanan;
  const perSide = (rank: Rank, side: 'kiri' | 'kanan') => c?.[`jumlah_${rank.toLowerCase()}_${side}`] ?? 0;
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
