import { and, desc, eq, ilike, or } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { members, orders, returJual, RETUR_STATUSES, type ReturStatus } from '../../db/schema';

export const RETURN_QUEUE_STATUSES: readonly ReturStatus[] = RETUR_STATUSES;

/** The console's returns of one status, newest first, searchable by return/order number or member. */
export async function returnQueue(status: ReturStatus, search?: string, limit = 100) {
  const db = await getDb();
  const term = search?.trim() ? `%${search.trim().slice(0, 100).replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db.select({
    noRetur: returJual.noRetur, tanggal: returJual.tanggal, status: returJual.status, deskripsi: returJual.deskripsi,
    noResi: returJual.noResi, noOrder: orders.noOrder, idMember: members.idMember, nama: members.nama,
  }).from(returJual).innerJoin(orders, eq(orders.id, returJual.orderId)).innerJoin(members, eq(members.id, returJual.memberId))
    .where(and(eq(returJual.status, status), term
      ? or(ilike(returJual.noRetur, term), ilike(orders.noOrder, term), ilike(members.idMember, term), ilike(members.nama, term)) : undefined))
    .orderBy(desc(returJual.tanggal), desc(returJual.id)).limit(limit);
}
