import { sql } from 'drizzle-orm';
import { getDb, selectRows, type Db, type Tx } from '../../db/client';
import { getSetting } from '../settings';
import type { SessionMember } from '../auth/session-member';

export interface ReturnableDetail {
  public_id: string;
  /** What may still be returned: ordered minus already returned in returns not rejected. */
  qty: number;
  qty_order: number;
  barang: { public_id: string; nama: string };
}

export interface ReturnableOrder {
  public_id: string;
  no_invoice: string;
  no_order: string;
  tgl_invoice: string;
  status_order: string;
  nama_kirim: string | null;
  phone_kirim: string | null;
  alamat_kirim: string | null;
  kode_pos_kirim: string | null;
  kecamatan: string | null;
  kota: string | null;
  propinsi: string | null;
  order_details: ReturnableDetail[];
}

/** Orders that may be returned: RECEIVED or DONE, invoiced within the window, no open return. */
export const returnableWhere = (memberId: number, windowDays: number) => sql`
  o.member_id = ${memberId} and o.status_order in ('RECEIVED', 'DONE') and o.no_invoice is not null
  and coalesce(o.received_at, o.tgl_invoice) >= now() - make_interval(days => ${windowDays}::int)
  and not exists (select 1 from retur_jual r where r.order_id = o.id and r.status not in ('DONE', 'REJECTED'))`;

/** Lines of the given orders with what is left to return (returns not rejected count as taken). */
export async function remainingDetails(db: Db | Tx, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return selectRows<{ id: number; order_id: number; public_id: string; product_id: number; qty_order: number; qty: number; berat: number; barang_public_id: string; nama: string }>(db, sql`
    select d.id::int as id, d.order_id::int as order_id, d.public_id::text as public_id, d.product_id::int as product_id, d.qty as qty_order,
      (d.qty - coalesce((select sum(rd.qty) from retur_jual_details rd join retur_jual r on r.id = rd.retur_id
                         where rd.order_detail_id = d.id and r.status <> 'REJECTED'), 0))::int as qty,
      d.berat, p.public_id::text as barang_public_id, p.nama
    from order_details d join products p on p.id = d.product_id
    where d.order_id in (${sql.join(orderIds.map((id) => sql`${id}`), sql`, `)})
    order by d.order_id, d.id`);
}

/** GET /member/transaction/retur-able: the member's returnable orders with their lines and ship-to. */
export async function listReturnable(member: SessionMember): Promise<ReturnableOrder[]> {
  const db = await getDb();
  const windowDays = Number(await getSetting('retur_window_days'));
  const orders = await selectRows<Omit<ReturnableOrder, 'order_details'> & { id: number }>(db, sql`
    select o.id::int as id, o.public_id::text as public_id, o.no_invoice, o.no_order, o.tgl_invoice::text as tgl_invoice, o.status_order,
      o.nama_kirim, o.phone_kirim, o.alamat_kirim, o.kode_pos_kirim, d.name as kecamatan, g.name as kota, p.name as propinsi
    from orders o
    left join villages v on v.code = o.kelurahan_kirim_id
    left join districts d on d.code = v.district_code
    left join regencies g on g.code = d.regency_code
    left join provinces p on p.code = g.province_code
    where ${returnableWhere(member.id, windowDays)}
    order by o.tgl_invoice desc, o.id desc limit 50`);
  const lines = await remainingDetails(db, orders.map((o) => o.id));
  return orders.map(({ id, ...o }) => ({
    ...o,
    order_details: lines.filter((l) => l.order_id === id && l.qty > 0).map((l) => ({
      public_id: l.public_id, qty: l.qty, qty_order: l.qty_order, barang: { public_id: l.barang_public_id, nama: l.nama },
    })),
  })).filter((o) => o.order_details.length > 0);
}
