import { and, desc, eq, gte, ilike, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import { arrayLiteral } from '../bulk-insert';
import { type Db, preparedOnce, type Tx } from '../client';
import { auditLog } from '../schema';

export type AuditRow = typeof auditLog.$inferSelect;

/** Writes one audit row with the caller's executor (inside the change's transaction). */
export async function insertAudit(
  tx: Db | Tx,
  row: { operatorId: number | null; operatorNama: string; action: string; object: string; before: unknown; after: unknown },
): Promise<void> {
  await tx.insert(auditLog).values(row);
}

export interface AuditQuery {
  operatorLike?: string;
  action?: string;
  objectLike?: string;
  from?: Date;
  before?: Date;
}

function auditWhere(query: AuditQuery): SQL[] {
  const where: SQL[] = [];
  if (query.operatorLike) where.push(ilike(auditLog.operatorNama, query.operatorLike));
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.objectLike) where.push(ilike(auditLog.object, query.objectLike));
  if (query.from) where.push(gte(auditLog.at, query.from));
  if (query.before) where.push(lt(auditLog.at, query.before));
  return where;
}

/** The newest audit rows matching the console's filter, `offset` rows skipped (the page); the *Like texts are ilike patterns, already escaped. */
export async function searchAudit(db: Db | Tx, query: AuditQuery, limit: number, offset = 0): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(...auditWhere(query)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

/**
 * Every audit row matching the filter, newest first, read `batch` rows at a time after the last one
 * read (the CSV export). The position is compared in SQL against the last row's own (at, id):
 * PostgreSQL keeps microseconds a JavaScript Date would round away.
 */
export async function* eachAudit(db: Db | Tx, query: AuditQuery, batch = 500): AsyncGenerator<AuditRow> {
  let lastId: number | undefined;
  for (;;) {
    const where = auditWhere(query);
    if (lastId !== undefined)
      where.push(sql`(${auditLog.at}, ${auditLog.id}) < (select a.at, a.id from audit_log a where a.id = ${lastId})`);
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(...where))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(batch);
    yield* rows;
    if (rows.length < batch) return;
    lastId = rows[rows.length - 1]!.id;
  }
}

/** The newest audit rows of one object (`member:…`, `setting:…`); `except`: actions left out (views of a file). */
export async function auditOfObject(db: Db | Tx, object: string, limit: number, except: readonly string[] = []): Promise<AuditRow[]> {
  const where = and(eq(auditLog.object, object), except.length ? notInArray(auditLog.action, [...except]) : undefined);
  return db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit);
}

/** The newest audit rows of one object with one of these actions (a member's own history). */
export async function auditOfObjectWith(db: Db | Tx, object: string, actions: readonly string[], limit: number): Promise<AuditRow[]> {
  // Prepared (the member's profile page shows it, issue #24): the actions as one array parameter.
  return preparedOnce(db, 'audit_object_with', () =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.object, sql.placeholder('object')), sql`${auditLog.action} = any(${sql.placeholder('actions')}::text[])`))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(sql.placeholder('limit'))
      .prepare('audit_object_with'),
  ).execute({ object, actions: arrayLiteral(actions), limit });
}
