import { randomBytes } from 'node:crypto';
import { getDb, type Tx } from '../../db/client';
import {
  deleteOperatorSession,
  deleteOperatorSessions,
  insertOperatorSession,
  operatorBySession,
  touchOperatorSession,
} from '../../db/queries/operators';
import type { OperatorRole } from '../../db/schema';
import { isDatabaseUnavailable } from '../../unavailable';
import { sha256 } from '../auth/one-time-token';
import { isStale, seenRecently } from '../auth/session-idle';

/** A cookie of its own: a member cookie never opens /admin and this one never opens member pages. */
export const OPERATOR_COOKIE = 'pm_operator';
const OPERATOR_SESSION_MINUTES = 12 * 60;

export interface SessionOperator {
  id: number;
  username: string;
  nama: string;
  role: OperatorRole;
  hasSecondFactor?: boolean;
}

/** `tx`: the sign-in's transaction, so the session and its audit row exist together. */
export async function createOperatorSession(operatorId: number, tx?: Tx): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + OPERATOR_SESSION_MINUTES * 60_000);
  await insertOperatorSession(tx ?? (await getDb()), { idHash: sha256(token), operatorId, expiresAt });
  return { token, expiresAt };
}

/**
 * The active operator behind a token, or undefined (member tokens live in another table). The
 * session ends after `session_idle_minutes` without a request, like a member's without Remember Me.
 */
export async function resolveOperatorSession(token: string | undefined): Promise<SessionOperator | undefined> {
  if (!token || token.length > 200) return undefined;
  const db = await getDb();
  const row = await operatorBySession(db, sha256(token), { seenRecently, isStale });
  if (!row) return undefined;
  // The idle clock's restart is no reason to refuse a read: on a full disk (writes 503) the
  // member or operator still reads, and the clock restarts with the next write that goes through.
  if (row.stale)
    await touchOperatorSession(db, sha256(token)).catch((error: unknown) => {
      if (!isDatabaseUnavailable(error)) throw error;
    });
  const { stale: _stale, ...operator } = row;
  return operator;
}

export async function endOperatorSession(token: string | undefined): Promise<void> {
  if (!token) return;
  await deleteOperatorSession(await getDb(), sha256(token));
}

/** Ends every session of an operator (deactivated, password reset), or all but the one in use (own password change). */
export async function endOperatorSessions(tx: Tx, operatorId: number, keepToken?: string): Promise<void> {
  await deleteOperatorSessions(tx, operatorId, keepToken ? sha256(keepToken) : undefined);
}
