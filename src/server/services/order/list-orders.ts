import type { OrderListQuery } from '../../../lib/schemas/order-list';
import { getDb } from '../../db/client';
import { memberOrderPage } from '../../db/queries/order-view';
import type { SessionMember } from '../auth/session-member';

/** The members offered by the member filter: at most this many, newest first. */
export const OPT_MEMBER_LIMIT = 200;

/**
 * GET /member/transaction (spec/001 §2, §7): the signed-in member's own orders in a date range
 * (Asia/Jakarta days), by status, searched on no_order/no_invoice, optionally only the orders that
 * registered chosen members; sorted by a whitelisted column, paged. opt_member lists the members
 * this member's registration orders created (offered only when there are any).
 */
export async function listOrders(member: SessionMember, q: OrderListQuery) {
  const db = await getDb();
  const { rows, totalCount, optMember } = await memberOrderPage(db, member.id, q, OPT_MEMBER_LIMIT);
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
      total_harga: r.total_harga,
      total_bayar: r.total_bayar,
      payment_method: r.payment_method,
      pickup_store: r.pickup_store,
      member: r.member_nama ? { id_member: r.member_id_member, nama: r.member_nama } : null,
    })),
    total_count: totalCount,
    page: q.page,
    page_size: q.page_size,
    orderby: q.orderby,
    order: q.order,
    // Offered only when this member has registered someone (spec/001 §2).
    ...(optMember.length ? { opt_member: optMember } : {}),
  };
}

export type OrderList = Awaited<ReturnType<typeof listOrders>>;
