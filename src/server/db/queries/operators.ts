import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, selectRows, type Tx } from '../client';
import { toCount, toRupiah } from '../money';
import { type OperatorRole, operatorRecoveryCodes, operatorSessions, operators, settings } from '../schema';

export type OperatorRow = typeof operators.$inferSelect;

/** An operator by username (already trimmed and lower-cased). */
export async function findOperatorByUsername(db: Db | Tx, username: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.username, username)).limit(1);
  return row;
}

/** The operator a SUPERADMIN acts on, locked for the change. */
export async function lockOperatorByUsername(tx: Db | Tx, username: string) {
  const [row] = await tx
    .select({
      id: operators.id,
      username: operators.username,
      nama: operators.nama,
      role: operators.role,
      isActive: operators.isActive,
      totpEnabledAt: operators.totpEnabledAt,
    })
    .from(operators)
    .where(eq(operators.username, username))
    .for('update');
  return row;
}

/** Every operator account, by username; never a hash or a secret. */
export async function listOperatorAccounts(db: Db | Tx) {
  return db
    .select({
      username: operators.username,
      nama: operators.nama,
      role: operators.role,
      isActive: operators.isActive,
      hasSecondFactor: isNotNull(operators.totpEnabledAt).mapWith(Boolean),
      createdAt: operators.createdAt,
    })
    .from(operators)
    .orderBy(asc(operators.username));
}

/** A new operator, or undefined when the username is taken. */
export async function insertOperator(
  tx: Db | Tx,
  values: { username: string; nama: string; role: OperatorRole; passwordHash: string },
): Promise<{ id: number } | undefined> {
  const [row] = await tx.insert(operators).values(values).onConflictDoNothing().returning({ id: operators.id });
  return row;
}

/** An operator's password hash, locked for a change. */
export async function lockOperatorPasswordHash(tx: Db | Tx, id: number): Promise<string | undefined> {
  const [row] = await tx.select({ hash: operators.passwordHash }).from(operators).where(eq(operators.id, id)).for('update');
  return row?.hash;
}

/** A new password hash; with `clearSecondFactor` the two-factor sign-in and its recovery codes go too. */
export async function setOperatorPassword(tx: Db | Tx, id: number, passwordHash: string, clearSecondFactor = false): Promise<void> {
  await tx
    .update(operators)
    .set({ passwordHash, ...(clearSecondFactor ? { totpSecret: null, totpEnabledAt: null, totpLastStep: null } : {}) })
    .where(eq(operators.id, id));
  if (clearSecondFactor) await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, id));
}

export async function setOperatorRole(tx: Db | Tx, id: number, role: OperatorRole): Promise<void> {
  await tx.update(operators).set({ role }).where(eq(operators.id, id));
}

export async function setOperatorActive(tx: Db | Tx, id: number, isActive: boolean): Promise<void> {
  await tx.update(operators).set({ isActive }).where(eq(operators.id, id));
}

/** The operator's TOTP secret and when it was confirmed, locked. */
export async function lockSecondFactor(tx: Db | Tx, id: number): Promise<{ secret: string | null; enabledAt: Date | null } | undefined> {
  const [row] = await tx
    .select({ secret: operators.totpSecret, enabledAt: operators.totpEnabledAt })
    .from(operators)
    .where(eq(operators.id, id))
    .for('update');
  return row;
}

/** The operator's two-factor state for the account page: secret, confirmation and unused recovery codes. */
export async function secondFactorState(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ secret: operators.totpSecret, enabledAt: operators.totpEnabledAt })
    .from(operators)
    .where(eq(operators.id, id));
  const [left] = await db
    .select({ n: count() })
    .from(operatorRecoveryCodes)
    .where(and(eq(operatorRecoveryCodes.operatorId, id), isNull(operatorRecoveryCodes.usedAt)));
  return { secret: row?.secret ?? null, enabledAt: row?.enabledAt ?? null, recoveryCodesLeft: toCount(left?.n) };
}

/** Stores a new secret while two-factor sign-in is not on; false when it is. */
export async function startSecondFactorSetup(tx: Db | Tx, id: number, secret: string): Promise<boolean> {
  const [row] = await tx
    .update(operators)
    .set({ totpSecret: secret, totpLastStep: null })
    .where(and(eq(operators.id, id), isNull(operators.totpEnabledAt)))
    .returning({ id: operators.id });
  return Boolean(row);
}

/** Two-factor sign-in on from now, with a new set of recovery codes (their hashes). */
export async function confirmSecondFactor(tx: Db | Tx, id: number, recoveryCodeHashes: string[]): Promise<void> {
  await tx.update(operators).set({ totpEnabledAt: sql`now()` }).where(eq(operators.id, id));
  await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, id));
  await tx.insert(operatorRecoveryCodes).values(recoveryCodeHashes.map((codeHash) => ({ operatorId: id, codeHash })));
}

/** Two-factor sign-in off: the secret, its last step and the recovery codes are gone. */
export async function removeSecondFactor(tx: Db | Tx, id: number): Promise<void> {
  await tx.update(operators).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(operators.id, id));
  await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, id));
}

/** Marks a TOTP step used, only if it is later than the last one used (each code once); false when it is not. */
export async function spendTotpStep(db: Db | Tx, id: number, step: number): Promise<boolean> {
  const [used] = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(and(eq(operators.id, id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
    .returning({ id: operators.id });
  return Boolean(used);
}

/** Marks an unused recovery code (by hash) used; false when there is none. */
export async function spendRecoveryCode(db: Db | Tx, operatorId: number, codeHash: string): Promise<boolean> {
  const [used] = await db
    .update(operatorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(operatorRecoveryCodes.operatorId, operatorId),
        eq(operatorRecoveryCodes.codeHash, codeHash),
        isNull(operatorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: operatorRecoveryCodes.id });
  return Boolean(used);
}

export async function insertOperatorSession(db: Db | Tx, session: { idHash: string; operatorId: number; expiresAt: Date }): Promise<void> {
  await db.insert(operatorSessions).values(session);
}

/**
 * The active operator of an unexpired session, with whether its idle clock is due a restart. The
 * idle rule is the members' one (auth/session-idle.ts), passed in as its fragments.
 */
export async function operatorBySession(
  db: Db | Tx,
  idHash: string,
  idle: { seenRecently: (lastSeenAt: AnyPgColumn) => Promise<SQL> | SQL; isStale: (lastSeenAt: AnyPgColumn) => SQL<boolean> },
) {
  const [row] = await db
    .select({
      id: operators.id,
      username: operators.username,
      nama: operators.nama,
      role: operators.role,
      hasSecondFactor: isNotNull(operators.totpEnabledAt).mapWith(Boolean),
      stale: idle.isStale(operatorSessions.lastSeenAt),
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.idHash, idHash),
        gt(operatorSessions.expiresAt, sql`now()`),
        eq(operators.isActive, true),
        await idle.seenRecently(operatorSessions.lastSeenAt),
      ),
    )
    .limit(1);
  return row;
}

export async function touchOperatorSession(db: Db | Tx, idHash: string): Promise<void> {
  await db.update(operatorSessions).set({ lastSeenAt: sql`now()` }).where(eq(operatorSessions.idHash, idHash));
}

export async function deleteOperatorSession(db: Db | Tx, idHash: string): Promise<void> {
  await db.delete(operatorSessions).where(eq(operatorSessions.idHash, idHash));
}

/** Deletes every session of an operator, or all but the one whose hash is kept. */
export async function deleteOperatorSessions(tx: Db | Tx, operatorId: number, keepHash?: string): Promise<void> {
  await tx
    .delete(operatorSessions)
    .where(and(eq(operatorSessions.operatorId, operatorId), keepHash ? ne(operatorSessions.idHash, keepHash) : undefined));
}

/** The stored rows of the given setting keys (a key without a row uses its default), locked when asked. */
export async function settingRows(db: Db | Tx, keys: readonly string[], lock = false): Promise<{ key: string; value: unknown }[]> {
  const query = db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return lock ? query.for('update') : query;
}

/** Writes a setting's value (insert or update). */
export async function upsertSetting(tx: Db | Tx, key: string, value: unknown): Promise<void> {
  await tx
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/**
 * The console's first page in three reads: orders paid today (Asia/Jakarta) and their takings,
 * open orders per status, payouts and returns waiting for someone.
 */
export async function consoleCounts(db: Db | Tx) {
  const [today] = await selectRows<{ paid: unknown; revenue: unknown }>(
    db,
    sql`
    select count(*) as paid, coalesce(sum(total_bayar), 0) as revenue from orders
    where paid_at >= (date_trunc('day', now() at time zone 'Asia/Jakarta') at time zone 'Asia/Jakarta')`,
  );
  const byStatus = await selectRows<{ status: string; count: unknown }>(
    db,
    sql`
    select status_order as status, count(*) as count from orders
    where status_order not in ('PENDING', 'DONE', 'CANCEL', 'EXPIRED', 'RETUR') group by status_order order by status_order`,
  );
  const [waiting] = await selectRows<{ payouts: unknown; returns: unknown }>(
    db,
    sql`
    select (select count(*) from payouts where status in ('queued', 'processed')) as payouts,
           (select count(*) from retur_jual where status not in ('DONE', 'REJECTED')) as returns`,
  );
  return {
    paidToday: toCount(today?.paid),
    revenueToday: toRupiah(today?.revenue),
    ordersByStatus: byStatus.map((r) => ({ status: r.status, count: toCount(r.count) })),
    payoutsWaiting: toCount(waiting?.payouts),
    returnsWaiting: toCount(waiting?.returns),
  };
}
