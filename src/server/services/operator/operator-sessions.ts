import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { operators, operatorSessions, type OperatorRole } from '../../db/schema';
import { sha256 } from '../auth/one-time-token';

/** A cookie of its own: a member cookie never opens /admin and this one never opens member pages. */
export const OPERATOR_COOKIE = 'pm_operator';
const OPERATOR_SESSION_MINUTES = 12 * 60;

export interface SessionOperator { id: number; username: string; nama: string; role: OperatorRole }

export async function createOperatorSession(operatorId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + OPERATOR_SESSION_MINUTES * 60_000);
  const db = await getDb();
  await db.insert(operatorSessions).values({ idHash: sha256(token), operatorId, expiresAt });
  return { token, expiresAt };
}

/** The active operator behind a token, or undefined (member tokens live in another table). */
export async function resolveOperatorSession(token: string | undefined): Promise<SessionOperator | undefined> {
  if (!token || token.length > 200) return undefined;
  const db = await getDb();
  const [row] = await db.select({ id: operators.id, username: operators.username, nama: operators.nama, role: operators.role })
    .from(operatorSessions).innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.idHash, sha256(token)), gt(operatorSessions.expiresAt, sql`now()`), eq(operators.isActive, true)))
    .limit(1);
  return row;
}

export async function endOperatorSession(token: string | undefined): Promise<void> {
  if (!token) return;
  const db = await getDb();
  await db.delete(operatorSessions).where(eq(operatorSessions.idHash, sha256(token)));
}
