import { and, asc, eq, sql } from 'drizzle-orm';
import type { Rank } from '../../../lib/rank';
// The pairing card's column list has one home, with the pairing card (network area).
import { PAIRING_COLUMNS, type PairingRow } from '../../services/network/get-pairing-card';
import type { Db, Tx } from '../client';
import { selectPreparedOnce } from '../client';
import { toCount } from '../money';
import { banners } from '../schema';
import { invoiced } from './order-status';

type Executor = Db | Tx;

/** One of the 5 members most recently sponsored (the dashboard's sponsored card). */
export interface SponsoredMember {
  nama: string;
  posisi: Rank;
  id_member: string;
  tgl_join: string;
}

type DashboardMemberFields = PairingRow & {
  is_suspended: boolean;
  kode_referal: string;
  tgl_join: string;
  posisi: Rank;
  path: string;
  kiri: number;
  kanan: number;
};

export type DashboardMemberRow = DashboardMemberFields & {
  /** How many members this one sponsored in all, and the 5 most recent. */
  sponsored: { jumlah: number; recently: SponsoredMember[] };
};

/**
 * The member's one row the dashboard reads: standing, referral code, downline counters, the pairing
 * card's columns and the sponsored card (how many, the 5 newest by join date), in one query.
 */
export async function dashboardMemberRow(db: Executor, memberId: number): Promise<DashboardMemberRow | undefined> {
  const [row] = await selectPreparedOnce<DashboardMemberFields & { sponsored_n: unknown; sponsored_recent: string }>(
    db,
    'dashboard_member_row',
    () => sql`
    select m.is_suspended, m.kode_referal, m.tgl_join::text as tgl_join, m.posisi, m.path,
      m.jumlah_child_kiri as kiri, m.jumlah_child_kanan as kanan, ${PAIRING_COLUMNS},
      (select count(*) from members s where s.sponsor_id = m.id) as sponsored_n,
      (select coalesce(json_agg(json_build_object('nama', r.nama, 'posisi', r.posisi, 'id_member', r.id_member, 'tgl_join', r.tgl_join::text)
          order by r.tgl_join desc, r.id desc), '[]')::text
        from (select s.nama, s.posisi, s.id_member, s.tgl_join, s.id from members s where s.sponsor_id = m.id
          order by s.tgl_join desc, s.id desc limit 5) r) as sponsored_recent
    from members m left join member_pairing p on p.member_id = m.id where m.id = ${sql.placeholder('memberId')}`,
    { memberId },
  );
  if (!row) return undefined;
  const { sponsored_n, sponsored_recent, ...rest } = row;
  return {
    ...rest,
    kiri: toCount(row.kiri),
    kanan: toCount(row.kanan),
    sponsored: { jumlah: toCount(sponsored_n), recently: JSON.parse(sponsored_recent) as SponsoredMember[] },
  };
}

/** One month of the dashboard charts: orders by type. */
export interface OrderMonth {
  bulan: string;
  n: number;
  reg: number;
  upg: number;
  ro: number;
}

/**
 * The member's invoiced registration, upgrade and repeat-order counts, orders per month by type
 * and bonus per month (rupiah as a decimal string, as the charts read it), the last 6 months in
 * Jakarta time, in one query.
 */
export async function memberOrderStats(db: Executor, memberId: number) {
  const [row] = await selectPreparedOnce<{ reg: unknown; upg: unknown; ro: unknown; months: string; bonus: string }>(
    db,
    'member_order_stats',
    () => {
      const paid = invoiced(sql`status_order`);
      const memberId = sql.placeholder('memberId');
      return sql`
    select count(*) filter (where jenis_order = 'reg' and ${paid}) as reg, count(*) filter (where jenis_order = 'upg' and ${paid}) as upg,
      count(*) filter (where jenis_order = 'ro' and ${paid}) as ro,
      (select coalesce(json_agg(json_build_object('bulan', bulan, 'n', n, 'reg', r, 'upg', u, 'ro', o) order by bulan), '[]')::text from (
        select to_char(date_trunc('month', tgl_order at time zone 'Asia/Jakarta'), 'YYYY-MM') as bulan, count(*)::int as n,
          count(*) filter (where jenis_order = 'reg')::int as r, count(*) filter (where jenis_order = 'upg')::int as u,
          count(*) filter (where jenis_order = 'ro')::int as o
        from orders where member_id = ${memberId} and tgl_order >= date_trunc('month', now()) - interval '5 months'
        group by 1) m) as months,
      (select coalesce(json_agg(json_build_object('bulan', bulan, 'bonus', total::text) order by bulan), '[]')::text from (
        select to_char(tanggal, 'YYYY-MM') as bulan, sum(bonus_dibayar) as total
        from bonuses where member_id = ${memberId} and tanggal >= (date_trunc('month', now() at time zone 'Asia/Jakarta') - interval '5 months')::date
        group by 1) b) as bonus
    from orders where member_id = ${memberId}`;
    },
    { memberId },
  );
  return {
    reg: toCount(row?.reg),
    upg: toCount(row?.upg),
    ro: toCount(row?.ro),
    months: JSON.parse(row?.months ?? '[]') as OrderMonth[],
    bonus: JSON.parse(row?.bonus ?? '[]') as { bulan: string; bonus: string }[],
  };
}

/** The switched-on items of a banner group, by number. */
export async function activeBanners(db: Executor, groupName: string) {
  return db
    .select({ nama: banners.nama, url: banners.url, link: banners.link, description: banners.description, number: banners.number })
    .from(banners)
    .where(and(eq(banners.groupName, groupName), eq(banners.aktif, true)))
    .orderBy(asc(banners.number), asc(banners.id));
}
