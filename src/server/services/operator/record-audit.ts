import type { Db, Tx } from '../../db/client';
import { insertAudit } from '../../db/queries/audit';

/** Who did it: a signed-in operator, or the system (commands, the scheduler) with a name. */
export type AuditActor = { id: number; nama: string } | { id: null; nama: string };

/** Writes one audit row inside the caller's transaction, so the row exists exactly when the change does. */
export async function recordAudit(
  tx: Db | Tx,
  by: AuditActor,
  action: string,
  object: string,
  before: unknown,
  after: unknown,
): Promise<void> {
  await insertAudit(tx, { operatorId: by.id, operatorNama: by.nama, action, object, before: before ?? null, after: after ?? null });
}
