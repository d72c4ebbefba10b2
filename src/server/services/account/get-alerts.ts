import { getDb } from '../../db/client';
import { alertFacts } from '../../db/queries/account';

export interface MemberAlert {
  message: string;
  href: string;
}

/** The bell of the top bar: missing bank account number, NPWP or shipping address (spec/000 §2). */
export async function getAlerts(memberId: number): Promise<MemberAlert[]> {
  const db = await getDb();
  const row = await alertFacts(db, memberId);
  const alerts: MemberAlert[] = [];
  if (!row) return alerts;
  if (!row.no_rekening) alerts.push({ message: 'Nomor rekening bank belum diisi', href: '/account/profile#rekening' });
  if (!row.npwp) alerts.push({ message: 'NPWP belum diisi', href: '/account/profile#pajak' });
  if (row.addresses === 0) alerts.push({ message: 'Alamat pengiriman belum ada', href: '/account/address' });
  return alerts;
}
