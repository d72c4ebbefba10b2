import { eq } from 'drizzle-orm';
import { inTransaction } from '../../db/client';
import { operators } from '../../db/schema';
import { assertRole, type Actor } from './assert-role';
import { lockOperator } from './find-operator';
import { endOperatorSessions } from './operator-sessions';
import { recordAudit } from './record-audit';

/** SUPERADMIN deactivates (every session of that operator ends at once) or reactivates another operator. */
export async function setOperatorActive(by: Actor, username: string, isActive: boolean): Promise<string> {
  assertRole(by, []);
  return inTransaction(async (tx) => {
    const target = await lockOperator(tx, username, by);
    if (!isActive) await endOperatorSessions(tx, target.id);
    if (target.isActive === isActive) return isActive ? `${target.username} sudah aktif` : `${target.username} sudah nonaktif`;
    await tx.update(operators).set({ isActive }).where(eq(operators.id, target.id));
    await recordAudit(tx, by, isActive ? 'operator:activate' : 'operator:deactivate', `operator:${target.username}`, { is_active: target.isActive }, { is_active: isActive });
    return isActive ? `${target.username} diaktifkan kembali` : `${target.username} dinonaktifkan; semua sesinya berakhir`;
  });
}
