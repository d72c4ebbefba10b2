import { getDb } from '../../db/client';
import { alertFacts } from '../../db/queries/account';

export interface MemberAlert {
  message: string;
  href: string;
}

/** What the bell looks at; read with the session on every page (resolveRequestSession). */
export type AlertFacts = NonNullable<Awaited<ReturnType<typeof alertFacts>>>;

/** The bell of the top bar: missing bank account number, NPWP or shipping address (spec/000 §2). */
export function alertsOf(facts: AlertFacts | undefined): MemberAlert[] {
  const alerts: MemberAlert[] = [];
  if (!facts) return alerts;
  if (!facts.noRekening) alerts.push({ message: 'Nomor rekening bank belum diisi', href: '/account/profile#rekening' });
  if (!facts.npwp) alerts.push({ message: 'NPWP belum diisi', href: '/account/profile#pajak' });
  if (!facts.hasAddress) alerts.push({ message: 'Alamat pengiriman belum ada', href: '/account/address' });
  return alerts;
}

/** The bell's alerts read on their own (the pages take them from the session's query). */
export async function getAlerts(memberId: number): Promise<MemberAlert[]> {
  return alertsOf(await alertFacts(await getDb(), memberId));
}
