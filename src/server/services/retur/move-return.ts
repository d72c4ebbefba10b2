import type { Tx } from '../../db/client';
import { insertReturnHistory, type ReturnFields, setReturnStatus } from '../../db/queries/returns';
import { decideReturn, type ReturnEvent, type ReturStatus } from '../../domain/return-status';
import { AppError } from '../../errors';

export interface ReturnToMove {
  id: number;
  no_retur: string;
  status: string;
}

/**
 * The only writer of a return's status (src/server/domain/return-status.ts decides): refuses what
 * the table does not allow with its Indonesian message, moves the status together with the
 * fields the transition carries (`set`: reason, waybill, replacement order) and writes the
 * history row, inside the caller's transaction with the return row locked.
 */
export async function moveReturn(
  tx: Tx,
  retur: ReturnToMove,
  event: ReturnEvent,
  history: { idAdmin: number; adminNama?: string | null; keterangan?: string | null },
  set?: ReturnFields,
): Promise<ReturStatus> {
  const decision = decideReturn(retur.no_retur, retur.status, event);
  if (!decision.ok) throw new AppError('CONFLICT', decision.message);
  await setReturnStatus(tx, retur.id, decision.to, set);
  await insertReturnHistory(tx, { returId: retur.id, status: decision.to, ...history });
  return decision.to;
}
