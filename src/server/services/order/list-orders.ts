import { sql, type SQL } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { INVOICED_STATUSES } from '../../../lib/order-status';
import { isUuid, type OrderListQuery, type OrderSortColumn } from '../../../lib/schemas/order-list';
import type { SessionMember } from '../auth/session-member';
import { containsPattern } from '../../db/like';

/** The members offered by the member filter: at most this many, newest first. */
export const OPT_MEMBER_LIMIT = 200;

const sortSql: Record<OrderSortColumn, SQL> = {
  tgl_order: sql`o.tgl_order`,
  no_order: sql`o.no_order`,
  no_invoice: sql`o.no_invoice`,
  jenis_order: sql`o.jenis_order`,
  total_bayar: sql`o.total_bayar`,
  status_order: sql`o.status_order`,
};

interface ListRow {
  public_id: string;
  no_order: string;
  no_invoice: string | null;
  tgl_order: string;
  tgl_invoice: string | null;
  status_order: string;
  jenis_order: 'reg' | 'upg' | 'ro';
  total_harga: string;
  total_bayar: string;
  payment_method: string | null;
  pickup_store: boolean;
  member_id_member: string | null;
  member_nama: string | null;
}

const invoiced = sql.join(INVOICED_STATUSES.map((s) => sql`${s}`), sql`, `);

/**
 * GET /member/transaction (spec/001 §2, §7): the signed-in member's own orders in a date range
 * (Asia/Jakarta days), by status, searched on no_order/no_invoice, optionally only the orders that
 * registered chosen members; sorted by a whitelisted column, paged. opt_member lists the members
 * this member's registration orders created (offered only when there are any).
 */
export async function listOrders(member: SessionMember, q: OrderListQuery) {
  const db = await getDb();
  const conditions: SQL[] = [
    sql`o.member_id = ${member.id}`,
    sql`o.tgl_order >= (${q.from}::date)::timestamp at time zone 'Asia/Jakarta'`,
    sql`o.tgl_order < (${q.to}::date + 1)::timestamp at time zone 'Asia/Jakarta'`,
  ];
  if (q.status.length) conditions.push(sql`o.status_order in (${sql.join(q.status.map((s) => sql`${s}`), sql`, `)})`);
  if (q.search) {
    const like = containsPattern(q.search);
    conditions.push(sql`(o.no_order ilike ${like} or o.no_invoice ilike ${like})`);
  }
  if (q.member.length) {
    const publicIds = q.member.filter(isUuid);
    const idMembers = q.member.filter((id) => !isUuid(id));
    const byPublicId = publicIds.length ? sql`public_id in (${sql.join(publicIds.map((id) => sql`${id}::uuid`), sql`, `)})` : sql`false`;
    const byIdMember = idMembers.length ? sql`id_member in (${sql.join(idMembers.map((id) => sql`${id}`), sql`, `)})` : sql`false`;
    conditions.push(sql`o.new_member_id in (select id from members where ${byPublicId} or ${byIdMember})`);
  }
  const where = sql.join(conditions, sql` and `);
  const direction = q.order === 'asc' ? sql`asc` : sql`desc`;
  const nulls = q.order === 'asc' ? sql`nulls first` : sql`nulls last`;
  const [rows, [count], optMember] = await Promise.all([
    selectRows<ListRow>(db, sql`
      select o.public_id::text as public_id, o.no_order,
        case when o.status_order in (${invoiced}) then o.no_invoice end as no_invoice,
        o.tgl_order::text as tgl_order,
        case when o.status_order in (${invoiced}) then o.tgl_invoice::text end as tgl_invoice,
        o.status_order, o.jenis_order, o.total_harga::text as total_harga, o.total_bayar::text as total_bayar,
        o.payment_method, o.pickup_store,
        n.id_member as member_id_member, coalesce(n.nama, o.calon_member->>'nama') as member_nama
      from orders o left join members n on n.id = o.new_member_id
      where ${where}
      order by ${sortSql[q.orderby]} ${direction} ${nulls}, o.id ${direction}
      limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
    selectRows<{ n: number }>(db, sql`select count(*)::int as n from orders o where ${where}`),
    selectRows<{ id: string; id_member: string; nama: string }>(db, sql`
      select n.public_id::text as id, n.id_member, n.nama
      from orders o join members n on n.id = o.new_member_id
      where o.member_id = ${member.id} and o.jenis_order = 'reg'
      order by o.tgl_order desc, o.id desc limit ${OPT_MEMBER_LIMIT}`),
  ]);
  return {
    rows: rows.map((r) => ({
      public_id: r.public_id,
      no_order: r.no_order,
      no_invoice: r.no_invoice,
      tgl_order: r.tgl_order,
      tgl_invoice: r.tgl_invoice,
      status_order: r.status_order,
      jenis_order: r.jenis_order,
      join_member: r.jenis_order === 'reg',
      upgrade_member: r.jenis_order === 'upg',
      total_harga: Number(r.total_harga),
      total_bayar: Number(r.total_bayar),
      payment_method: r.payment_method,
      pickup_store: r.pickup_store,
      member: r.member_nama ? { id_member: r.member_id_member, nama: r.member_nama } : null,
    })),
    total_count: count?.n ?? 0,
    page: q.page,
    page_size: q.page_size,
    orderby: q.orderby,
    order: q.order,
    // Offered only when this member has registered someone (spec/001 §2).
    ...(optMember.length ? { opt_member: optMember } : {}),
  };
}

export type OrderList = Awaited<ReturnType<typeof listOrders>>;
