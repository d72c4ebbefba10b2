import { and, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { auditLog } from '../schema';

export type AuditRow = typeof auditLog.$inferSelect;

/** Writes one audit row with the caller's executor (inside the change's transaction). */
export async function insertAudit(
  tx: Db | Tx,
  row: { operatorId: number | null; operatorNama: string; action: string; object: string; before: unknown; after: unknown },
): Promise<void> {
  await tx.insert(auditLog).values(row);
}

export interface AuditQuery { operatorLike?: string; action?: string; objectLike?: string; from?: Date; before?: Date }

/** The newest audit rows matching the console's filter; the *Like texts are ilike patterns, already escaped. */
export async function searchAudit(db: Db | Tx, query: AuditQuery, limit: number): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (query.operatorLike) where.push(ilike(auditLog.operatorNama, query.operatorLike));
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.objectLike) where.push(ilike(auditLog.object, query.objectLike));
  if (query.from) where.push(gte(auditLog.at, query.from));
  if (query.before) where.push(lt(auditLog.at, query.before));
  return db.select().from(auditLog).where(and(...where)).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit);
}

/** The newest audit rows of one object (`member:…`, `setting:…`). */
export async function auditOfObject(db: Db | Tx, object: string, limit: number): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(eq(auditLog.object, object)).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit);
}
