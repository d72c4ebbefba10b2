import type { Tx } from '../../db/client';
import { lockOperatorByUsername } from '../../db/queries/operators';
import { AppError } from '../../errors';

export const OPERATOR_NOT_FOUND = 'Operator tidak ditemukan';
export const NOT_ON_YOURSELF = 'Akun Anda sendiri tidak dapat diubah di sini; gunakan halaman Akun Saya';

/** The operator a SUPERADMIN acts on, locked for the change; never the actor itself (no one locks themselves out). */
export async function lockOperator(tx: Tx, username: string, by: { id: number | null }) {
  const row = await lockOperatorByUsername(tx, username.trim().toLowerCase());
  if (!row) throw new AppError('NOT_FOUND', OPERATOR_NOT_FOUND);
  if (row.id === by.id) throw new AppError('CONFLICT', NOT_ON_YOURSELF);
  return row;
}
