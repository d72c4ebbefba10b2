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
    selectRows<Omit<DownlineRow, 'bv'>>(db, sql`
      select m.tgl_join::text as tgl_join, m.id_member, m.nama, s.id_member as sponsor_id_member, s.nama as sponsor_nama,
        (m.sponsor_id = ${viewer.id}) as sponsored, m.posisi,
        exists (select 1 from orders o where o.member_id = m.id and o.jenis_order = 'upg' and o.paid_at is not null) as upgrade_member
      from members m left join members s on s.id = m.sponsor_id
      where ${where}
      order by m.tgl_join desc, m.id desc
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    selectRows<{ n: number }>(db, sql`select count(*)::int as n from members m where ${where}`),
  ]);
  return { rows: rows.map((r) => ({ ...r, bv: RANK_BV[r.posisi] })), total_count: total?.n ?? 0, page: query.page, page_size: query.pageSize };
}

/** Every row of the filtered report for the CSV export (capped, newest first). */
export async function exportDownline(viewer: SessionMember, query: Pick<DownlineQuery, 'posisi' | 'cariNama'>, limit = 100_000): Promise<DownlineRow[]> {
  const report = await getDownlineReport(viewer, { ...query, page: 1, pageSize: limit });
  return report.rows;
}

/** The totals panel: counts per side and rank, sponsored counts per rank, BV sponsored and not. */
export async function getDownlineSummary(viewer: SessionMember) {
  const path = await viewerPath(viewer);
  const db = await getDb();
  const [counters] = await selectRows<{ kiri: number; kanan: number }>(db, sql`select jumlah_child_kiri as kiri, jumlah_child_kanan as kanan from members where id = ${viewer.id}`);
  const perRank = await selectRows<{ sisi: string; posisi: Rank; n: number; sponsored: number }>(db, sql`
    select substr(m.path, ${path.length + 1}, 1) as sisi, m.posisi, count(*)::int as n,
      count(*) filter (where m.sponsor_id = ${viewer.id})::int as sponsored
    from members m where m.path > ${path} and m.path < ${`${path}2`}
    group by 1, 2`);
  const kiri = counters?.kiri ?? 0;
  const kanan = counters?.kanan ?? 0;
  const total = kiri + kanan;
  const count = (side: string, rank: Rank) => perRank.find((r) => r.sisi === side && r.posisi === rank)?.n ?? 0;
  const sponsoredOf = (rank: Rank) => perRank.filter((r) => r.posisi === rank).reduce((s, r) => s + r.sponsored, 0);
  const bvSponsored = RANKS.reduce((s, rank) => s + sponsoredOf(rank) * RANK_BV[rank], 0);
  const bvTotal = perRank.reduce((s, r) => s + r.n * RANK_BV[r.posisi], 0);
  return {
    Total: total,
    kiri, kanan,
    persen_kiri: total ? Math.round((kiri / total) * 1000) / 10 : 0,
    persen_kanan: total ? Math.round((kanan / total) * 1000) / 10 : 0,
    per_posisi: RANKS.map((rank) => ({ posisi: rank, kiri: count('0', rank), kanan: count('1', rank) })),
    Sponsor: RANKS.map((rank) => ({ posisi: rank, jumlah: sponsoredOf(rank) })),
    bv_sponsor: bvSponsored,
    bv_non_sponsor: bvTotal - bvSponsored,
    bv_total: bvTotal,
  };
}
