import { and, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { auditLog } from '../../db/schema';
import { parseDate } from '../../../lib/calendar-params';

export interface AuditFilter { operator?: string; action?: string; object?: string; from?: string; to?: string }

/** The newest audit rows matching the console's filter (operator name, action, object, day range). */
export async function listAudit(filter: AuditFilter, limit = 100) {
  const where: SQL[] = [];
  if (filter.operator) where.push(ilike(auditLog.operatorNama, `%${escapeLike(filter.operator)}%`));
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.object) where.push(ilike(auditLog.object, `%${escapeLike(filter.object)}%`));
  // Days through the one parser (src/lib/calendar-params.ts): an impossible day (2026-13-01) is no filter.
  const from = parseDate(filter.from);
  const to = parseDate(filter.to);
  if (from) where.push(gte(auditLog.at, new Date(`${from}T00:00:00+07:00`)));
  if (to) where.push(lt(auditLog.at, new Date(new Date(`${to}T00:00:00+07:00`).getTime() + 86_400_000)));
  const db = await getDb();
  return db.select().from(auditLog).where(and(...where)).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit);
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
