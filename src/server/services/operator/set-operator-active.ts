import { inTransaction } from '../../db/client';
import { setOperatorActive as setActive } from '../../db/queries/operators';
import { type Actor, assertRole } from './assert-role';
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
    await setActive(tx, target.id, isActive);
    await recordAudit(
      tx,
      by,
      isActive ? 'operator:activate' : 'operator:deactivate',
      `operator:${target.username}`,
      { is_active: target.isActive },
      { is_active: isActive },
    );
    return isActive ? `${target.username} diaktifkan kembali` : `${target.username} dinonaktifkan; semua sesinya berakhir`;
  });
}
