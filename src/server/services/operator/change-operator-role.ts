import { OperatorRoleSchema } from '../../../lib/schemas/operator-account';
import { inTransaction } from '../../db/client';
import { setOperatorRole } from '../../db/queries/operators';
import type { OperatorRole } from '../../db/schema';
import { AppError } from '../../errors';
import { type Actor, assertRole } from './assert-role';
import { lockOperator } from './find-operator';
import { recordAudit } from './record-audit';

/** SUPERADMIN gives another operator a new role; it counts from that operator's next request. */
export async function changeOperatorRole(by: Actor, username: string, role: OperatorRole): Promise<string> {
  assertRole(by, []);
  const parsed = OperatorRoleSchema.safeParse(role);
  if (!parsed.success) throw new AppError('BAD_INPUT', parsed.error.issues[0]!.message, { role: parsed.error.issues[0]!.message });
  return inTransaction(async (tx) => {
    const target = await lockOperator(tx, username, by);
    if (target.role === parsed.data) return `Peran ${target.username} tetap ${parsed.data}`;
    await setOperatorRole(tx, target.id, parsed.data);
    await recordAudit(tx, by, 'operator:role', `operator:${target.username}`, { role: target.role }, { role: parsed.data });
    return `Peran ${target.username} diubah menjadi ${parsed.data}`;
  });
}
