import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { toRupiah } from '../money';
import { payoutSimulatorTransfers } from '../schema';

type Executor = Db | Tx;

export interface SimulatorTransfer {
  referenceNo: string;
  position: number;
  bank: string;
  account: string;
  name: string;
  amount: number;
  notes: string;
  status: string;
  errorMessage: string | null;
  approvedAt: Date | null;
  updatedAt: Date;
}

const columns = {
  referenceNo: payoutSimulatorTransfers.referenceNo,
  position: payoutSimulatorTransfers.position,
  bank: payoutSimulatorTransfers.bank,
  account: payoutSimulatorTransfers.account,
  name: payoutSimulatorTransfers.name,
  amount: payoutSimulatorTransfers.amount,
  notes: payoutSimulatorTransfers.notes,
  status: payoutSimulatorTransfers.status,
  errorMessage: payoutSimulatorTransfers.errorMessage,
  approvedAt: payoutSimulatorTransfers.approvedAt,
  updatedAt: payoutSimulatorTransfers.updatedAt,
};
const shape = (r: Omit<SimulatorTransfer, 'amount'> & { amount: unknown }): SimulatorTransfer => ({ ...r, amount: toRupiah(r.amount) });

/** Records the transfers of one create request; a row already there (same key and position) stays as it was. */
export async function insertSimulatorTransfers(
  db: Executor,
  key: string,
  rows: Omit<SimulatorTransfer, 'status' | 'errorMessage' | 'approvedAt' | 'updatedAt'>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(payoutSimulatorTransfers)
    .values(rows.map((r) => ({ ...r, idempotencyKey: key })))
    .onConflictDoNothing();
}

/** The transfers of one create request, in its order. */
export async function simulatorTransfersOfKey(db: Executor, key: string): Promise<SimulatorTransfer[]> {
  const rows = await db
    .select(columns)
    .from(payoutSimulatorTransfers)
    .where(eq(payoutSimulatorTransfers.idempotencyKey, key))
    .orderBy(asc(payoutSimulatorTransfers.position));
  return rows.map(shape);
}

export async function simulatorTransfer(db: Executor, referenceNo: string): Promise<SimulatorTransfer | undefined> {
  const [row] = await db.select(columns).from(payoutSimulatorTransfers).where(eq(payoutSimulatorTransfers.referenceNo, referenceNo));
  return row ? shape(row) : undefined;
}

/** queued → approved (or rejected) for the given references; the others are left alone. */
export async function markSimulatorTransfers(
  db: Executor,
  referenceNos: string[],
  to: 'approved' | 'rejected',
  errorMessage?: string,
): Promise<number> {
  if (referenceNos.length === 0) return 0;
  const rows = await db
    .update(payoutSimulatorTransfers)
    .set({
      status: to,
      updatedAt: sql`now()`,
      ...(to === 'approved' ? { approvedAt: sql`now()` } : { errorMessage: errorMessage ?? null }),
    })
    .where(and(inArray(payoutSimulatorTransfers.referenceNo, referenceNos), eq(payoutSimulatorTransfers.status, 'queued')))
    .returning({ referenceNo: payoutSimulatorTransfers.referenceNo });
  return rows.length;
}

/** approved → completed/failed, once, when approved at or before `due`. */
export async function settleSimulatorTransfer(
  db: Executor,
  referenceNo: string,
  due: Date,
  to: 'completed' | 'failed',
  errorMessage: string | null,
): Promise<void> {
  await db
    .update(payoutSimulatorTransfers)
    .set({ status: to, errorMessage, updatedAt: sql`now()` })
    .where(
      and(
        eq(payoutSimulatorTransfers.referenceNo, referenceNo),
        eq(payoutSimulatorTransfers.status, 'approved'),
        lte(payoutSimulatorTransfers.approvedAt, due),
      ),
    );
}
