import { hashPassword } from '../../services/auth/password';
import type { Db } from '../client';
import { type OperatorRole, operators } from '../schema';

/** The README's demo operator logins, one per role, all with this password. */
export const DEMO_OPERATOR_PASSWORD = 'operator12345';
export const DEMO_OPERATORS: { username: string; nama: string; role: OperatorRole }[] = [
  { username: 'superadmin', nama: 'Sari Superadmin', role: 'SUPERADMIN' },
  // The second SUPERADMIN approves the first one's settings changes (four-eyes, ADR 0023).
  { username: 'superadmin2', nama: 'Sandi Superadmin', role: 'SUPERADMIN' },
  { username: 'gudang', nama: 'Gilang Gudang', role: 'GUDANG' },
  { username: 'keuangan', nama: 'Kartika Keuangan', role: 'KEUANGAN' },
  { username: 'konten', nama: 'Kevin Konten', role: 'KONTEN' },
  { username: 'cs', nama: 'Citra CS', role: 'CS' },
];

export async function seedOperators(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_OPERATOR_PASSWORD);
  await db.insert(operators).values(DEMO_OPERATORS.map((operator) => ({ ...operator, passwordHash })));
}
