import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { INVOICED_STATUSES } from '../../../lib/order-status';
import type { OmsetQuery } from '../../../lib/schemas/omset';
import type { SessionMember } from '../auth/session-member';

const invoiced = sql`o.status_order in (${sql.join(INVOICED_STATUSES.map((s) => sql`${s}`), sql`, `)})`;
const inRange = (q: OmsetQuery) => sql`o.tgl_invoice >= (${q.from}::date)::timestamp at time zone 'Asia/Jakarta'
  and o.tgl_invoice < ((${q.to}::date + 1))::timestamp at time zone 'Asia/Jakarta'`;

/**
 * The turnover report (spec/000 §2): default (the member's registrations, upgrades and repeat
 * orders), pribadi (their invoices) and sponsorgrup (members they sponsored, with their turnover).
 * Only invoiced orders count.
 */
export async function getOmset(member: SessionMember, q: OmsetQuery) {
  const db = await getDb();
  if (q.jenisOmset === 'pribadi') {
    const rows = await selectRows<{ tgl_invoice: string; no_invoice: string; nama: string; total_value: number; jenis_order: string; total_barang: string }>(db, sql`
      select o.tgl_invoice::text as tgl_invoice, o.no_invoice, coalesce(n.nama, m.nama) as nama, o.total_bv as total_value,
        o.jenis_order, o.total_harga::text as total_barang
      from orders o join members m on m.id = o.member_id left join members n on n.id = o.new_member_id
      where o.member_id = ${member.id} and ${invoiced} and ${inRange(q)}
      order by o.tgl_invoice desc limit 500`);
    return { jenisOmset: q.jenisOmset, rows: rows.map((r) => ({ ...r, total_barang: Number(r.total_barang) })) };
  }
  if (q.jenisOmset === 'sponsorgrup') {
    const rows = await selectRows<{ tgl_join: string; id_member: string; nama: string; upgrade_member: boolean; tglupgrade: string | null; sum_total_barang: string }>(db, sql`
      select m.tgl_join::text as tgl_join, m.id_member, m.nama,
        (up.tgl is not null) as upgrade_member, up.tgl::text as tglupgrade,
        coalesce((select sum(o.total_harga) from orders o where o.member_id = m.id and ${invoiced} and ${inRange(q)}), 0)::text as sum_total_barang
      from members m
      left join lateral (select min(o.tgl_invoice) as tgl from orders o where o.member_id = m.id and o.jenis_order = 'upg' and ${invoiced}) up on true
      where m.sponsor_id = ${member.id}
      order by m.tgl_join desc, m.id desc limit 500`);
    return { jenisOmset: q.jenisOmset, rows: rows.map((r) => ({ ...r, sum_total_barang: Number(r.sum_total_barang) })) };
  }
  const [row] = await selectRows<{ registrasi: string; upgrade: string; ro: string }>(db, sql`
    select coalesce(sum(o.total_harga) filter (where o.jenis_order = 'reg'), 0)::text as registrasi,
      coalesce(sum(o.total_harga) filter (where o.jenis_order = 'upg'), 0)::text as upgrade,
      coalesce(sum(o.total_harga) filter (where o.jenis_order = 'ro'), 0)::text as ro
    from orders o where o.member_id = ${member.id} and ${invoiced} and ${inRange(q)}`);
  const registrasi = Number(row?.registrasi ?? 0);
  const upgrade = Number(row?.upgrade ?? 0);
  const ro = Number(row?.ro ?? 0);
  return { jenisOmset: q.jenisOmset, rows: [{ nama: member.nama, registrasi, upgrade, ro, total: registrasi + upgrade + ro }] };
}
