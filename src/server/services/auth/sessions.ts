import { randomBytes } from 'node:crypto';
import { getDb, type Tx } from '../../db/client';
import {
  deleteExpiredSessions,
  deleteMemberSessions,
  deleteSession,
  insertSession,
  sessionMemberByHash,
  touchSession,
} from '../../db/queries/auth';
import { isDatabaseUnavailable } from '../../unavailable';
import { getSetting } from '../settings';
import { sha256 } from './one-time-token';
import { idleMinutes } from './session-idle';
import type { SessionMember } from './session-member';

export const SESSION_COOKIE = 'pm_session';

/** Starts a new session (a fresh id at every sign-in, so a planted id is never promoted). */
export async function createSession(memberId: number, remember: boolean, userAgent?: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const minutes = remember ? (await getSetting('session_remember_days')) * 24 * 60 : await getSetting('session_minutes');
  const expiresAt = new Date(Date.now() + minutes * 60_000);
  const db = await getDb();
  await insertSession(db, { idHash: sha256(token), memberId, remember, expiresAt, userAgent: userAgent?.slice(0, 300) });
  // Expired sessions are dropped now and then, not on every request.
  if (Math.random() < 0.05) await deleteExpiredSessions(db);
  return { token, expiresAt };
}

/**
 * A read-only session for an operator's "Lihat sebagai member" (ADR 0022): short, never
 * remembered, marked with the operator so the middleware refuses every write through it.
 */
export async function createViewAsSession(
  memberId: number,
  operatorId: number,
  minutes: number,
  tx?: Tx,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + minutes * 60_000);
  await insertSession(tx ?? (await getDb()), { idHash: sha256(token), memberId, remember: false, expiresAt, viewAsOperatorId: operatorId });
  return { token, expiresAt };
}

/** The member behind a session token, or undefined when it is unknown, expired or ended. */
export async function resolveSession(token: string | undefined): Promise<SessionMember | undefined> {
  if (!token || token.length > 200) return undefined;
  const db = await getDb();
  const row = await sessionMemberByHash(db, sha256(token), await idleMinutes());
  if (!row) return undefined;
  // The idle clock's restart is no reason to refuse a read: on a full disk (writes 503) the
  // member or operator still reads, and the clock restarts with the next write that goes through.
  if (row.stale)
    await touchSession(db, sha256(token)).catch((error: unknown) => {
      if (!isDatabaseUnavailable(error)) throw error;
    });
  const { propinsiDomisili, kotaDomisili, stale: _stale, ...member } = row;
  return { ...member, hasDomisili: Boolean(propinsiDomisili && kotaDomisili) };
}

export async function endSession(token: string | undefined): Promise<void> {
  if (!token) return;
  const db = await getDb();
  await deleteSession(db, sha256(token));
}

/** Ends every session of a member (after a password reset). */
export async function endAllSessions(memberId: number): Promise<void> {
  const db = await getDb();
  await deleteMemberSessions(db, memberId);
}
