import { getDb } from '../../db/client';
import { waitingRefunds } from '../../db/queries/order-refunds';
import { type Actor, assertRole } from '../operator/assert-role';

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
  return waitingRefunds(await getDb());
}
