import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { operators } from '../../db/schema';
import { AppError } from '../../errors';

export const OPERATOR_NOT_FOUND = 'Operator tidak ditemukan';
export const NOT_ON_YOURSELF = 'Akun Anda sendiri tidak dapat diubah di sini; gunakan halaman Akun Saya';

/** The operator a SUPERADMIN acts on, locked for the change; never the actor itself (no one locks themselves out). */
export async function lockOperator(tx: Tx, username: string, by: { id: number | null }) {
  const [row] = await tx.select({ id: operators.id, username: operators.username, nama: operators.nama, role: operators.role, isActive: operators.isActive, totpEnabledAt: operators.totpEnabledAt })
    .from(operators).where(eq(operators.username, username.trim().toLowerCase())).for('update');
  if (!row) throw new AppError('NOT_FOUND', OPERATOR_NOT_FOUND);
  if (row.id === by.id) throw new AppError('CONFLICT', NOT_ON_YOURSELF);
  return row;
}
