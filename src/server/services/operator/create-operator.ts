import { z } from 'zod';
import { inTransaction } from '../../db/client';
import { OPERATOR_ROLES, operators } from '../../db/schema';
import { AppError } from '../../errors';
import { hashPassword } from '../auth/password';
import { recordAudit, type AuditActor } from './record-audit';

export const createOperatorSchema = z.object({
  username: z.string().trim().toLowerCase().regex(/^[a-z0-9_.-]{3,40}$/, 'Username operator 3–40 huruf kecil, angka, titik, garis bawah atau tanda minus'),
  nama: z.string().trim().min(1, 'Nama wajib diisi').max(100),
  role: z.enum(OPERATOR_ROLES, { message: 'Peran tidak dikenal' }),
  password: z.string().min(10, 'Password operator minimal 10 karakter').max(200),
});
export type CreateOperator = z.input<typeof createOperatorSchema>;

/** Adds an operator (argon2id); `by` is the operator doing it, or the system for the first SUPERADMIN. */
export async function createOperator(input: CreateOperator, by: AuditActor): Promise<{ id: number }> {
  const parsed = createOperatorSchema.safeParse(input);
  if (!parsed.success) throw new AppError('BAD_INPUT', parsed.error.issues[0]!.message);
  const { password, ...data } = parsed.data;
  const passwordHash = await hashPassword(password);
  return inTransaction(async (tx) => {
    const [row] = await tx.insert(operators).values({ ...data, passwordHash }).onConflictDoNothing().returning({ id: operators.id });
    if (!row) throw new AppError('CONFLICT', 'Username operator sudah dipakai');
    await recordAudit(tx, by, 'operator:create', `operator:${data.username}`, null, data);
    return row;
  });
}
