import { and, eq, gt, inArray, isNull, lt, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, preparedOnce, selectRows, type Tx } from '../client';
import { toCount } from '../money';
import { loginAttempts, members, oneTimeTokens, operators, sessions } from '../schema';
import { hasShippingAddress } from './account';

// ---- The idle rule of member and operator sessions (one home, so the two cannot drift) ----

/** The session was seen within the last `minutes`. */
export const seenWithin = (lastSeenAt: AnyPgColumn, minutes: number | Placeholder): SQL =>
  sql`${lastSeenAt} > now() - make_interval(mins => ${minutes}::int)`;

/** The idle clock is due a restart: at most once a minute, not a write on every request. */
export const staleSince = (lastSeenAt: AnyPgColumn): SQL<boolean> => sql<boolean>`${lastSeenAt} < now() - interval '1 minute'`;

// ---- Member sessions ----

export async function insertSession(
  db: Db | Tx,
  s: { idHash: string; memberId: number; remember: boolean; expiresAt: Date; userAgent?: string; viewAsOperatorId?: number },
): Promise<void> {
  await db.insert(sessions).values(s);
}

export async function deleteExpiredSessions(db: Db | Tx): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}

/**
 * The member of an unexpired session that is remembered or was seen within `idleMinutes`, with
 * whether its idle clock is due a restart; in the same query, what every page also needs: the
 * session's end (offline reading) and the facts of the bell (bank account number, NPWP, whether an
 * address exists), so a page pays one round trip for all three (issue #24).
 */
export async function sessionMemberByHash(db: Db | Tx, idHash: string, idleMinutes: number) {
  // Every signed-in request runs it: built once per database handle and prepared (see
  // preparedOnce and selectPreparedOnce in ../client, issue #24).
  const [row] = await preparedOnce(db, 'session_member', () =>
    db
      .select({
        id: members.id,
        publicId: members.publicId,
        idMember: members.idMember,
        username: members.username,
        nama: members.nama,
        email: members.email,
        posisi: members.posisi,
        stokis: members.stokis,
        statusKodeetik: members.statusKodeetik,
        isSuspended: members.isSuspended,
        propinsiDomisili: members.propinsiDomisili,
        kotaDomisili: members.kotaDomisili,
        kodeReferal: members.kodeReferal,
        path: members.path,
        depth: members.depth,
        viewAs: operators.nama,
        stale: staleSince(sessions.lastSeenAt),
        remember: sessions.remember,
        expiresAt: sessions.expiresAt,
        noRekening: members.noRekening,
        npwp: members.npwp,
        hasAddress: hasShippingAddress(members.id),
      })
      .from(sessions)
      .innerJoin(members, eq(members.id, sessions.memberId))
      .leftJoin(operators, eq(operators.id, sessions.viewAsOperatorId))
      .where(
        and(
          eq(sessions.idHash, sql.placeholder('idHash')),
          gt(sessions.expiresAt, sql`now()`),
          or(eq(sessions.remember, true), seenWithin(sessions.lastSeenAt, sql.placeholder('idleMinutes'))),
        ),
      )
      .limit(1)
      .prepare('session_member'),
  ).execute({ idHash, idleMinutes });
  return row;
}

export async function touchSession(db: Db | Tx, idHash: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: Db | Tx, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Ends every session of a member, but the one with `exceptHash` when given. */
export async function deleteMemberSessions(db: Db | Tx, memberId: number, exceptHash?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptHash === undefined ? eq(sessions.memberId, memberId) : and(eq(sessions.memberId, memberId), ne(sessions.idHash, exceptHash)),
    );
}

// ---- One-time tokens ----

export type TokenPurpose = (typeof oneTimeTokens.purpose.enumValues)[number];

/** Marks every unused token of the member for the purpose used (a new link replaces the old). */
export async function retireTokens(tx: Db | Tx, memberId: number, purpose: TokenPurpose): Promise<void> {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.memberId, memberId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}

export async function insertToken(
  tx: Db | Tx,
  t: { tokenHash: string; purpose: TokenPurpose; memberId: number; payload: unknown; expiresAt: Date },
): Promise<void> {
  await tx.insert(oneTimeTokens).values(t);
}

/** Uses a valid token (a conditional update, so two simultaneous uses cannot both succeed). */
export async function spendToken(
  tx: Db | Tx,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<{ memberId: number; payload: unknown } | undefined> {
  const [row] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ memberId: oneTimeTokens.memberId, payload: oneTimeTokens.payload });
  return row;
}

/** The member of a still-valid token of one of the purposes, without using it. */
export async function validTokenMember(db: Db | Tx, tokenHash: string, purposes: TokenPurpose[]): Promise<number | undefined> {
  const [row] = await db
    .select({ memberId: oneTimeTokens.memberId })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        inArray(oneTimeTokens.purpose, purposes),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row?.memberId;
}

// ---- Members as sign-in sees them ----

/** A member by ID Member or (case-insensitive) username; an ID Member match wins. */
export async function memberByLogin(db: Db | Tx, value: string) {
  const [row] = await db
    .select({
      id: members.id,
      idMember: members.idMember,
      username: members.username,
      nama: members.nama,
      email: members.email,
      passwordHash: members.passwordHash,
    })
    .from(members)
    .where(or(eq(members.idMember, value), eq(sql`lower(${members.username})`, value.toLowerCase())))
    .orderBy(sql`${members.idMember} = ${value} desc`)
    .limit(1);
  return row;
}

/** What a password must not contain: the member's names and e-mail. */
export async function memberIdentity(db: Db | Tx, memberId: number) {
  const [row] = await db
    .select({ username: members.username, idMember: members.idMember, nama: members.nama, email: members.email })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}

/** The member's password hash, the row locked for update. */
export async function lockPasswordHash(tx: Tx, memberId: number): Promise<string | undefined> {
  const [row] = await tx.select({ hash: members.passwordHash }).from(members).where(eq(members.id, memberId)).for('update');
  return row?.hash;
}

export async function setPasswordHash(tx: Db | Tx, memberId: number, passwordHash: string): Promise<void> {
  await tx.update(members).set({ passwordHash }).where(eq(members.id, memberId));
}

// ---- The throttle (table login_attempts) ----

/**
 * Counts one attempt on a key and reads it back in one statement: the count inside the window
 * (a new window after it ends or after a lock ended), and the lock, set when this attempt goes
 * past the limit. A locked key is not counted further. On PostgreSQL a statement that waited for
 * a parallel one's row lock has an earlier now() than the lock that one set: hence least().
 * `minutes` is 0 unless the key is locked.
 */
export async function reserveThrottleKey(
  db: Db | Tx,
  key: string,
  limit: number,
  windowMinutes: number,
  lockMinutes: number,
): Promise<{ failures: number; minutes: number }> {
  const windowOver = sql`(a.locked_until is not null or a.window_start < now() - make_interval(mins => ${windowMinutes}::int))`;
  const lockUntil = sql`now() + make_interval(mins => ${lockMinutes}::int)`;
  const [row] = await selectRows<{ failures: unknown; minutes: unknown }>(
    db,
    sql`
    insert into login_attempts as a (key, failures, window_start, locked_until)
    values (${key}, 1, now(), case when 1 > ${limit}::int then ${lockUntil} end)
    on conflict (key) do update set
      failures = case when a.locked_until > now() then a.failures when ${windowOver} then 1 else a.failures + 1 end,
      window_start = case when a.locked_until > now() then a.window_start when ${windowOver} then now() else a.window_start end,
      locked_until = case
        when a.locked_until > now() then a.locked_until
        when ${windowOver} then (case when 1 > ${limit}::int then ${lockUntil} end)
        when a.failures + 1 > ${limit}::int then ${lockUntil}
      end
    returning failures, case when locked_until > now()
      then least(${lockMinutes}::int, ceil(extract(epoch from (locked_until - now())) / 60))::int end as minutes`,
  );
  return { failures: toCount(row!.failures), minutes: toCount(row!.minutes) };
}

/** Takes one attempt back from each key (never below zero). */
export async function giveBackThrottleKeys(db: Db | Tx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(loginAttempts)
    .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)` })
    .where(inArray(loginAttempts.key, keys));
}

export async function deleteThrottleKeys(db: Db | Tx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, keys));
}
