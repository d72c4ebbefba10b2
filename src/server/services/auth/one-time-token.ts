import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { getDb } from '../../db/client';
import { oneTimeTokens } from '../../db/schema';

export type TokenPurpose = 'reset-password' | 'verify-bank' | 'verify-npwp' | 'set-password';

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/**
 * Issues a random single-use token; only its hash is stored. Issuing a new one for the same
 * member and purpose invalidates the old link (resend).
 */
export async function issueToken(memberId: number, purpose: TokenPurpose, minutes: number, payload?: unknown, within?: Tx): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const work = async (tx: Tx) => {
    await tx.update(oneTimeTokens).set({ usedAt: sql`now()` })
      .where(and(eq(oneTimeTokens.memberId, memberId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
    await tx.insert(oneTimeTokens).values({
      tokenHash: sha256(token), purpose, memberId, payload: payload ?? null,
      expiresAt: new Date(Date.now() + minutes * 60_000),
    });
  };
  // Inside the caller's transaction when given (an operator's link is audited with it).
  if (within) await work(within);
  else await (await getDb()).transaction(work);
  return token;
}

/**
 * Marks a valid token used inside the caller's transaction and returns its member and payload,
 * or undefined when it is unknown, used, expired or for another purpose. The conditional update
 * makes two simultaneous uses impossible.
 */
export async function consumeToken(tx: Tx, token: string, purpose: TokenPurpose): Promise<{ memberId: number; payload: unknown } | undefined> {
  const [row] = await tx.update(oneTimeTokens).set({ usedAt: sql`now()` })
    .where(and(
      eq(oneTimeTokens.tokenHash, sha256(token)), eq(oneTimeTokens.purpose, purpose),
      isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, sql`now()`),
    ))
    .returning({ memberId: oneTimeTokens.memberId, payload: oneTimeTokens.payload });
  return row;
}

/** The member a still-valid token belongs to, without using it (to check a new password against their data first). */
export async function tokenMember(token: string, purposes: TokenPurpose[]): Promise<number | undefined> {
  const db = await getDb();
  const [row] = await db.select({ memberId: oneTimeTokens.memberId }).from(oneTimeTokens)
    .where(and(
      eq(oneTimeTokens.tokenHash, sha256(token)), inArray(oneTimeTokens.purpose, purposes),
      isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, sql`now()`),
    )).limit(1);
  return row?.memberId;
}
