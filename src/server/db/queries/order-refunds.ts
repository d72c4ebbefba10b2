import { sql } from 'drizzle-orm';
import type { RefundableLine, RefundableOrder } from '../../domain/refund';
import { type Db, selectRows, type Tx } from '../client';
import { toCount, toRupiah } from '../money';
import { invoiced } from './order-status';

/** The refunds of paid orders (COMP_PLAN.md, Refunds): what is given back, line by line, and what waits for KEUANGAN. */

/** The order's money and BV, what earlier refunds gave back, whether it is paid, and the provider refunds waiting. */
export async function refundOrderTotals(db: Db | Tx, orderId: number) {
  const [row] = await selectRows<RefundableOrder & { no_order: string; paid: boolean; menunggu: number }>(
    db,
    sql`
    select o.no_order, o.jenis_order, o.total_bayar, o.total_bv,
      (o.paid_at is not null and ${invoiced(sql`o.status_order`)}) as paid,
      coalesce((select sum(r.jumlah) from order_refunds r where r.order_id = o.id), 0) as dikembalikan,
      coalesce((select sum(r.bv) from order_refunds r where r.order_id = o.id), 0)::int as bv_dikembalikan,
      (select count(*) from order_refunds r where r.order_id = o.id and r.ditetapkan_at is null)::int as menunggu
    from orders o where o.id = ${orderId}`,
  );
  return (
    row && {
      ...row,
      total_bayar: toRupiah(row.total_bayar),
      total_bv: toCount(row.total_bv),
      dikembalikan: toRupiah(row.dikembalikan),
      bv_dikembalikan: toCount(row.bv_dikembalikan),
      menunggu: toCount(row.menunggu),
    }
  );
}

/** The order's lines with the units already given back. */
export async function refundOrderLines(db: Db | Tx, orderId: number): Promise<(RefundableLine & { kode: string; nama: string })[]> {
  const rows = await selectRows<RefundableLine & { kode: string; nama: string }>(
    db,
    sql`
    select d.id::int as id, d.public_id::text as public_id, p.kode, p.nama, d.harga, d.qty, d.value,
      coalesce((select sum(l.qty) from order_refund_lines l where l.order_detail_id = d.id), 0)::int as qty_dikembalikan
    from order_details d join products p on p.id = d.product_id where d.order_id = ${orderId} order by d.id`,
  );
  return rows.map((row) => ({ ...row, harga: toRupiah(row.harga) }));
}

export async function insertRefundLine(
  tx: Tx,
  line: { refundId: number; detailId: number; qty: number; jumlah: number; bv: number },
): Promise<void> {
  await tx.execute(sql`insert into order_refund_lines (refund_id, order_detail_id, qty, jumlah, bv)
    values (${line.refundId}, ${line.detailId}, ${line.qty}, ${line.jumlah}, ${line.bv})`);
}

/** Settles the order's provider refunds still waiting (a whole refund takes their place). */
export async function settleWaitingRefunds(tx: Tx, orderId: number): Promise<void> {
  await tx.execute(sql`update order_refunds set ditetapkan_at = now() where order_id = ${orderId} and ditetapkan_at is null`);
}

/** A settled refund; its id. */
export async function insertRefund(
  tx: Tx,
  refund: { orderId: number; jenis: string; jumlah: number; bv: number; alasan: string | null; admin: string | null },
): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    tx,
    sql`
    insert into order_refunds (order_id, jenis, jumlah, bv, alasan, admin)
    values (${refund.orderId}, ${refund.jenis}, ${refund.jumlah}, ${refund.bv}, ${refund.alasan}, ${refund.admin})
    returning id::int as id`,
  );
  return row!.id;
}

/** A provider's partial refund by amount, waiting (no BV) for KEUANGAN to assign it. */
export async function insertWaitingPartialRefund(tx: Tx, orderId: number, jumlah: number): Promise<void> {
  await tx.execute(
    sql`insert into order_refunds (order_id, jenis, jumlah, bv, ditetapkan_at) values (${orderId}, 'partial_refund', ${jumlah}, 0, null)`,
  );
}

/** The order a refund belongs to. */
export async function refundOrderId(db: Db | Tx, refundId: number): Promise<number | undefined> {
  const [row] = await selectRows<{ order_id: number }>(db, sql`select order_id::int as order_id from order_refunds where id = ${refundId}`);
  return row?.order_id;
}

/** A refund's money and whether it still waits, the row locked. */
export async function lockRefund(tx: Tx, refundId: number) {
  const [row] = await selectRows<{ jumlah: number; menunggu: boolean }>(
    tx,
    sql`
    select jumlah, ditetapkan_at is null as menunggu from order_refunds where id = ${refundId} for update`,
  );
  return row && { ...row, jumlah: toRupiah(row.jumlah) };
}

/** Settles a waiting refund with the BV KEUANGAN assigned it. */
export async function settleRefund(tx: Tx, refundId: number, settled: { bv: number; admin: string; alasan: string | null }): Promise<void> {
  await tx.execute(
    sql`update order_refunds set bv = ${settled.bv}, ditetapkan_at = now(), admin = ${settled.admin}, alasan = coalesce(${settled.alasan}, alasan) where id = ${refundId}`,
  );
}

/** The order's internal id by its number. */
export async function orderIdByNumber(db: Db | Tx, noOrder: string): Promise<number | undefined> {
  const [row] = await selectRows<{ id: number }>(db, sql`select id::int as id from orders where no_order = ${noOrder}`);
  return row?.id;
}

/** The order's provider refunds still waiting, oldest first. */
export async function waitingRefundsOf(db: Db | Tx, orderId: number) {
  const rows = await selectRows<{ id: number; jumlah: number }>(
    db,
    sql`
    select id::int as id, jumlah from order_refunds where order_id = ${orderId} and ditetapkan_at is null order by id`,
  );
  return rows.map((row) => ({ ...row, jumlah: toRupiah(row.jumlah) }));
}

/** Every provider refund still waiting, oldest first, with its order. */
export async function waitingRefunds(db: Db | Tx) {
  const rows = await selectRows<{
    id: number;
    no_order: string;
    jenis_order: 'reg' | 'upg' | 'ro';
    jumlah: number;
    total_bayar: number;
    total_bv: number;
    diterima: string;
  }>(
    db,
    sql`
    select r.id::int as id, o.no_order, o.jenis_order, r.jumlah, o.total_bayar, o.total_bv,
      r.created_at::text as diterima
    from order_refunds r join orders o on o.id = r.order_id
    where r.ditetapkan_at is null order by r.id`,
  );
  return rows.map((row) => ({ ...row, jumlah: toRupiah(row.jumlah), total_bayar: toRupiah(row.total_bayar) }));
}

/** Every refund of one order, oldest first (the console's order detail). */
export async function refundsOfOrder(db: Db | Tx, orderId: number) {
  const rows = await selectRows<{
    jenis: string;
    jumlah: number;
    bv: number;
    alasan: string | null;
    admin: string | null;
    created_at: string;
    ditetapkan: boolean;
  }>(
    db,
    sql`
    select jenis, jumlah, bv, alasan, admin, created_at::text as created_at, ditetapkan_at is not null as ditetapkan
    from order_refunds where order_id = ${orderId} order by id`,
  );
  return rows.map((row) => ({ ...row, jumlah: toRupiah(row.jumlah), bv: toCount(row.bv) }));
}
