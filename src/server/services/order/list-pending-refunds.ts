import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { assertRole, type Actor } from '../operator/assert-role';

export interface PendingRefund {
  id: number;
  no_order: string;
  jenis_order: 'reg' | 'upg' | 'ro';
  jumlah: number;
  total_bayar: number;
  total_bv: number;
  diterima: string;
}

/** The provider's partial refunds waiting for KEUANGAN to assign them (oldest first): the refund page's list. */
export async function listPendingRefunds(by?: Actor): Promise<PendingRefund[]> {
  if (by) assertRole(by, ['KEUANGAN']);
  return selectRows<PendingRefund>(await getDb(), sql`
    select r.id::int as id, o.no_order, o.jenis_order, r.jumlah::float8 as jumlah, o.total_bayar::float8 as total_bayar, o.total_bv,
      r.created_at::text as diterima
    from order_refunds r join orders o on o.id = r.order_id
    where r.ditetapkan_at is null order by r.id`);
}
